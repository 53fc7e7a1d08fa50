"""Fix one file's source: apply the wanted fixes, lint again, repeat until nothing changes.

A pass applies every fix whose edits do not collide with another's; the next pass sees
the new source (and the fixes that waited). A pass whose result would not parse is undone
and its fixes tried one at a time; a fix that breaks the source on its own is dropped and
reported, never written. So is a fix after which its finding is still there: the pass is
undone and done again without it, so that no fix is applied over and over.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Callable, List, Optional, Sequence, Set, Tuple

from f64lint.diagnostic import Diagnostic, Fix, Position
from f64lint.fix.apply import apply_edits, compatible_fixes
from f64lint.fix.imports import drop_imports_left_unused
from f64lint.fix.layout import within_line_length
from f64lint.fix.line_map import LineMap
from f64lint.source.decoding import python_accepts

# Passes are bounded: fixes of the same finding in a loop must not hang a run.
MAX_PASSES = 10

Lint = Callable[[str], List[Diagnostic]]


@dataclass
class FixOutcome:
    text: str
    remaining: List[Diagnostic]  # the findings in the final text
    # As found before their fix; with those that went away with another's fix.
    fixed: List[Diagnostic] = field(default_factory=list)
    # Fixes not applied: they would break the file, or leave their finding in place.
    dropped: List[Tuple[Diagnostic, str]] = field(default_factory=list)


def _signature(diagnostic: Diagnostic) -> Tuple[str, str, str]:
    """Recognises the same finding on a later pass, after lines have moved."""
    return diagnostic.code, diagnostic.message, diagnostic.flagged_text()


def _apply(text: str, fixes: Sequence[Fix]) -> str:
    return apply_edits(text, [edit for fix in fixes for edit in fix.edits])


def fix_source(
    text: str, diagnostics: List[Diagnostic], lint: Lint, wanted: Callable[[Diagnostic], bool],
    line_length: Optional[int] = None,
) -> FixOutcome:
    """`diagnostics` are `lint(text)`, already known. With `line_length`, statements the
    fixes made longer than it are laid out again (fix/layout.py)."""
    outcome = _fixed(text, diagnostics, lint, wanted)
    if line_length is not None and outcome.text != text:
        laid_out = within_line_length(text, outcome.text, line_length)
        if laid_out != outcome.text and python_accepts(laid_out):
            outcome.remaining = lint(laid_out)
            outcome.text = laid_out
    return outcome


def _fixed(
    text: str, diagnostics: List[Diagnostic], lint: Lint, wanted: Callable[[Diagnostic], bool]
) -> FixOutcome:
    outcome = FixOutcome(text, diagnostics)
    dropped: Set[Tuple[str, str, str]] = set()
    passes: List[LineMap] = []  # how each pass moved the lines of the text before it
    for _ in range(MAX_PASSES):
        fixable = [d for d in outcome.remaining if d.fix is not None and wanted(d) and _signature(d) not in dropped]
        candidates = fixable
        if any(d.fix is not None and not d.fix.deferred for d in candidates):
            candidates = [d for d in candidates if d.fix is not None and not d.fix.deferred]
        taken = set(map(id, compatible_fixes(d.fix for d in candidates if d.fix is not None)))
        chosen = [d for d in candidates if id(d.fix) in taken]
        if not chosen:
            break
        new = _apply(outcome.text, [d.fix for d in chosen if d.fix is not None])
        if not python_accepts(new):
            chosen = _each_alone(outcome, chosen, dropped)
            new = _apply(outcome.text, [d.fix for d in chosen if d.fix is not None])
            if not chosen or not python_accepts(new):
                chosen = chosen[:1]
                new = _apply(outcome.text, [d.fix for d in chosen if d.fix is not None])
        new = drop_imports_left_unused(outcome.text, new)
        if new == outcome.text:
            break
        remaining = lint(new)
        futile = _still_there(chosen, outcome.remaining, remaining)
        if futile:
            for diagnostic in futile:
                dropped.add(_signature(diagnostic))
                outcome.dropped.append((diagnostic, "the finding was still there after it"))
            continue
        moved = LineMap(outcome.text, new)
        gone = _gone_with(chosen, fixable, remaining, moved)
        written = [_as_written(d, passes) for d in chosen]
        outcome.fixed.extend(written)
        outcome.fixed.extend(_credited(_as_written(d, passes), written) for d in gone)
        passes.append(moved)
        outcome.text = new
        outcome.remaining = remaining
    return outcome


def _as_written(diagnostic: Diagnostic, passes: List[LineMap]) -> Diagnostic:
    """A finding of a later pass where it was in the text before the first pass."""
    start, end = diagnostic.start.line, diagnostic.end.line
    for moved in reversed(passes):
        start, end = moved.back(start), moved.back(end)
    if (start, end) == (diagnostic.start.line, diagnostic.end.line):
        return diagnostic
    return replace(
        diagnostic,
        start=Position(start, diagnostic.start.column),
        end=Position(max(start, end), diagnostic.end.column),
    )


def _still_there(chosen: List[Diagnostic], before: List[Diagnostic], after: List[Diagnostic]) -> List[Diagnostic]:
    """The fixed findings that the new source still has as often as before."""
    count_before = Counter(map(_signature, before))
    count_after = Counter(map(_signature, after))
    return [d for d in chosen if count_after[_signature(d)] >= count_before[_signature(d)]]


def _gone_with(
    chosen: List[Diagnostic], fixable: List[Diagnostic], after: List[Diagnostic], moved: LineMap
) -> List[Diagnostic]:
    """The findings with a wanted fix that a pass's fixes made go away without applying
    theirs (a move of a float64 value, fixed at its source): fixed all the same, so that
    what `--fix` reports matches what it announced. A finding stays when the same finding
    is on the line its line became (or, if a fix changed it, on the lines that replaced it)."""
    taken = set(map(id, chosen))
    unmatched = list(after)
    found = []
    for diagnostic in fixable:
        if id(diagnostic) in taken:
            continue
        first, last = moved.forward(diagnostic.start.line)
        same = next(
            (d for d in unmatched if _signature(d) == _signature(diagnostic) and first <= d.start.line <= last), None
        )
        if same is None:
            found.append(diagnostic)
        else:
            unmatched.remove(same)
    return found


def _credited(gone: Diagnostic, chosen: List[Diagnostic]) -> Diagnostic:
    """A finding that went away with other fixes, told which: the one that edited its line,
    else the pass's only one."""
    line = gone.start.line
    by = next((c for c in chosen if c.start.line == line), None) or (chosen[0] if len(chosen) == 1 else None)
    if by is not None:
        how = f"Went away when {by.code} at {by.start.line}:{by.start.column} was fixed"
    else:
        how = f"Went away when {len(chosen)} other findings were fixed"
    assert gone.fix is not None
    return replace(gone, fix=Fix(how, gone.fix.applicability, ()))


def _each_alone(outcome: FixOutcome, chosen: List[Diagnostic], dropped: Set[Tuple[str, str, str]]) -> List[Diagnostic]:
    """The fixes that keep the source parseable on their own; the others are dropped."""
    kept = []
    for diagnostic in chosen:
        assert diagnostic.fix is not None
        if python_accepts(_apply(outcome.text, [diagnostic.fix])):
            kept.append(diagnostic)
        else:
            dropped.add(_signature(diagnostic))
            outcome.dropped.append((diagnostic, "the fixed file would not parse"))
    return kept
