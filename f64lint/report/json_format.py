"""A JSON list of findings; the field set is a stable contract (see README)."""

from __future__ import annotations

import json
from typing import Any, Dict, Optional, Sequence

from f64lint.diagnostic import Diagnostic, Fix
from f64lint.report import ReportOptions, count_by_code


def _fix(fix: Optional[Fix]) -> Optional[Dict[str, Any]]:
    if fix is None:
        return None
    return {
        "message": fix.message,
        "applicability": fix.applicability.value,
        "edits": [
            {
                "content": edit.content,
                "cell": edit.cell,
                "location": {"line": edit.start.line, "column": edit.start.column},
                "end_location": {"line": edit.end.line, "column": edit.end.column},
            }
            for edit in fix.edits
        ],
    }


def as_dict(diagnostic: Diagnostic) -> Dict[str, Any]:
    return {
        "path": diagnostic.path,
        "cell": diagnostic.cell,
        "line": diagnostic.start.line,
        "column": diagnostic.start.column,
        "end_line": diagnostic.end.line,
        "end_column": diagnostic.end.column,
        "code": diagnostic.code,
        "name": diagnostic.name,
        "severity": diagnostic.severity.value,
        "message": diagnostic.message,
        "fix": _fix(diagnostic.fix),
    }


def render(diagnostics: Sequence[Diagnostic], files_checked: int, options: ReportOptions) -> str:
    return json.dumps([as_dict(d) for d in diagnostics], indent=2)


def render_statistics(diagnostics: Sequence[Diagnostic]) -> str:
    rows = [{"code": code, "name": name, "count": n} for code, name, n in count_by_code(diagnostics)]
    return json.dumps(rows, indent=2)
