"""Output formats, one module each. Each has `render(diagnostics, files_checked, options)`
and `render_statistics(diagnostics)`, returning the text to print."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Dict, FrozenSet, List, Optional, Sequence, Tuple

from f64lint.diagnostic import Applicability, Diagnostic


@dataclass(frozen=True)
class ReportOptions:
    color: bool = False
    quiet: bool = False
    fixed: int = 0  # findings fixed by this run (--fix)
    unsafe_fixes: bool = False  # whether unsafe fixes count as applicable
    fixable: Optional[FrozenSet[str]] = None  # codes whose fixes apply (None: all)

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
