"""Output formats, one module each. Each has `render(diagnostics, files_checked, options)`
and `render_statistics(diagnostics)`, returning the text to print."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Dict, FrozenSet, List, Optional, Sequence, Tuple

from f64lint.diagnostic import Applicability, Diagnostic, Edit, Position
from f64lint.fix.apply import apply_edits


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
    a review suggestion: the lines around may lie outside the pull request's diff."""
    fix = diagnostic.fix
    return (
        fix is not None
        and bool(diagnostic.source_lines)
        and all(diagnostic.start.line <= e.start.line and e.end.line <= diagnostic.end.line for e in fix.edits)
    )


def fixed_lines(diagnostic: Diagnostic) -> Optional[List[str]]:
    """The finding's lines with its fix applied, for a local fix; None otherwise."""
    if not is_local_fix(diagnostic):
        return None
    assert diagnostic.fix is not None
    shift = diagnostic.start.line - 1
    edits = [
        Edit(Position(e.start.line - shift, e.start.column), Position(e.end.line - shift, e.end.column), e.content)
        for e in diagnostic.fix.edits
    ]
    return apply_edits("\n".join(diagnostic.source_lines), edits).split("\n")
