"""reviewdog's Diagnostic Format as JSON Lines (`reviewdog -f=rdjsonl`): one per line."""

from __future__ import annotations

import json
from typing import Sequence

from f64lint.diagnostic import Diagnostic
from f64lint.report import ReportOptions, lines_fixes
from f64lint.report.rdjson import diagnostic


def render(diagnostics: Sequence[Diagnostic], files_checked: int, options: ReportOptions) -> str:
    shared = lines_fixes(diagnostics)
    return "\n".join(json.dumps(diagnostic(d, shared.get(id(d)))) for d in diagnostics)
