"""Applying edits to source text: offsets from 1-based positions, the file's own line
breaks, and a choice of fixes whose edits do not collide."""

from __future__ import annotations

import re
from typing import Iterable, List, Sequence, Set

from f64lint.diagnostic import Edit, Fix, Position

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def newline_of(text: str) -> str:
    """The file's line break: its first one, LF for a file without any."""
    found = _LINE_BREAK.search(text)
    return found.group() if found else "\n"


def split_lines(text: str) -> List[str]:
    """Lines with their breaks, as Python sees them: only CR, LF and CRLF end a line
    (`str.splitlines` also splits at form feeds and other separators)."""
    starts = _line_starts(text)
    lines = [text[start:end] for start, end in zip(starts, starts[1:])]
    return [*lines, text[starts[-1]:]] if starts[-1] < len(text) else lines


def _line_starts(text: str) -> List[int]:
    return [0, *(found.end() for found in _LINE_BREAK.finditer(text))]


def _offset(starts: Sequence[int], position: Position) -> int:
    return starts[position.line - 1] + position.column - 1


def apply_edits(text: str, edits: Iterable[Edit]) -> str:
    """The text with every edit made (they must not collide; identical ones count once)."""
    starts = _line_starts(text)
    newline = newline_of(text)
    spans = sorted(
        {(_offset(starts, edit.start), _offset(starts, edit.end), edit.content) for edit in edits},
        reverse=True,
    )
    pieces: List[str] = []
    cursor = len(text)
    for start, end, content in spans:
        pieces.append(text[end:cursor])
        pieces.append(content.replace("\n", newline))
        cursor = start
    pieces.append(text[:cursor])
    return "".join(reversed(pieces))


def _collide(a: Edit, b: Edit) -> bool:
    """Two different edits collide when their ranges overlap, or when both insert at one
    place (their order would be a guess). An insertion at either end of a replacement is
    fine."""
    a_start, a_end = (a.start.line, a.start.column), (a.end.line, a.end.column)
    b_start, b_end = (b.start.line, b.start.column), (b.end.line, b.end.column)
    if a_start == a_end and b_start == b_end:
        return a_start == b_start
    if a_start == a_end:
        return b_start < a_start < b_end
    if b_start == b_end:
        return a_start < b_start < a_end
    return a_start < b_end and b_start < a_end


def compatible_fixes(fixes: Iterable[Fix]) -> List[Fix]:
    """The fixes, in order, that can be applied together: a fix is left out (for the next
    pass) when one of its edits collides with an edit already taken. Edits that several
    fixes share (a parameter, an import) are made once."""
    taken: List[Fix] = []
    edits: Set[Edit] = set()
    for fix in fixes:
        new = [edit for edit in fix.edits if edit not in edits]
        if any(_collide(edit, other) for edit in new for other in edits):
            continue
        if any(_collide(a, b) for i, a in enumerate(new) for b in new[i + 1 :]):
            continue
        taken.append(fix)
        edits.update(new)
    return taken
