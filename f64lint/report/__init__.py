"""Output formats, one module each (`--output-format`). Each has `render(diagnostics,
files_checked, options)` and `render_statistics(diagnostics)`, returning the text to print.

Every format uses the same 1-based positions, with paths relative to the current
directory; in a notebook, positions are within the cell, and formats without a field for
the cell begin the message with `cell N: `.

Exit codes:

| code | when |
|---|---|
| 0 | no findings (or `--exit-zero`); with `--fix`, none left after fixing (unless `--exit-non-zero-on-fix` and something was fixed); with `--diff`, nothing to change |
| 1 | at least one finding, of any severity (with `--fix`: left after fixing); a file that cannot be read or parsed is a finding (F64901, F64902); with `--diff`, a diff was printed |
| 2 | a usage or configuration error, or an internal error: one line on stderr, no traceback unless `--verbose` |"""  # noqa: E501

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Dict, FrozenSet, List, Optional, Sequence, Tuple

from f64lint.diagnostic import Applicability, Diagnostic, Edit, Position
from f64lint.fix.apply import apply_edits, compatible_fixes


@dataclass(frozen=True)
class ReportOptions:
    color: bool = False
    quiet: bool = False
    fixed: int = 0  # findings fixed by this run (--fix)
    unsafe_fixes: bool = False  # whether unsafe fixes count as applicable
    fixable: Optional[FrozenSet[str]] = None  # codes whose fixes apply (None: all)
    failed: int = 0  # files an internal error kept from being checked (reported on stderr)

    def applicable(self, diagnostic: Diagnostic) -> bool:
        """Would `--fix` fix this finding with the current settings?"""
        fix = diagnostic.fix
        return (
            fix is not None
            and (self.fixable is None or diagnostic.code in self.fixable)
            and (self.unsafe_fixes or fix.applicability is Applicability.SAFE)
        )


def count_by_code(diagnostics: Sequence[Diagnostic]) -> List[Tuple[str, str, int]]:
    """(code, name, count), most frequent first, then by code."""
    counts = Counter(d.code for d in diagnostics)
    names: Dict[str, str] = {d.code: d.name for d in diagnostics}
    return sorted(((code, names[code], n) for code, n in counts.items()), key=lambda row: (-row[2], row[0]))


def is_local_fix(diagnostic: Diagnostic) -> bool:
    """Does the fix only touch the finding's own lines? Only such a fix can be posted as
    a review suggestion: the lines around may lie outside the pull request's diff. (A
    notebook's cannot: the lines a pull request shows are its JSON's.)"""
    fix = diagnostic.fix
    return (
        fix is not None
        and diagnostic.cell is None
        and bool(diagnostic.source_lines)
        and all(diagnostic.start.line <= e.start.line and e.end.line <= diagnostic.end.line for e in fix.edits)
    )


@dataclass(frozen=True)
class LinesFix:
    """The fixes of the findings whose lines overlap, applied together to those lines: one
    suggestion a reviewer can take in one click, instead of one per finding that each fix
    half a line. `lead` is the finding that carries it (the first of the group)."""

    path: str
    start: int  # first line, 1-based
    end: int  # last line
    original: Tuple[str, ...]  # those lines as they are
    lines: Tuple[str, ...]  # those lines, fixed
    lead: Diagnostic
    members: Tuple[Diagnostic, ...]  # every finding it fixes, the lead first


def lines_fixes(diagnostics: Sequence[Diagnostic]) -> Dict[int, LinesFix]:
    """For each finding with a local fix (by `id`), the group fix its lines share with the
    other findings whose lines overlap; a finding whose edits collide with the group's
    gets none (`--fix` applies it on a later pass)."""
    local = sorted((d for d in diagnostics if is_local_fix(d)), key=lambda d: (d.path, d.start.line, d.start.column))
    groups: List[List[Diagnostic]] = []
    for d in local:
        last = groups[-1] if groups else None
        if last is not None and last[0].path == d.path and d.start.line <= max(x.end.line for x in last):
            last.append(d)
        else:
            groups.append([d])
    found: Dict[int, LinesFix] = {}
    for group in groups:
        text: Dict[int, str] = {}
        for d in group:
            for offset, line in enumerate(d.source_lines):
                text.setdefault(d.start.line + offset, line)
        start, end = group[0].start.line, max(d.end.line for d in group)
        fixes = compatible_fixes(d.fix for d in group if d.fix is not None)
        members = tuple(d for d in group if d.fix in fixes)
        shift = start - 1
        edits = list(
            dict.fromkeys(
                Edit(
                    Position(e.start.line - shift, e.start.column),
                    Position(e.end.line - shift, e.end.column),
                    e.content,
                )
                for d in members
                for e in d.fix.edits  # type: ignore[union-attr]
            )
        )
        original = tuple(text[n] for n in range(start, end + 1))
        lines = apply_edits("\n".join(original), edits).split("\n")
        fixed = LinesFix(group[0].path, start, end, original, tuple(lines), members[0], members)
        for d in members:
            found[id(d)] = fixed
    return found
