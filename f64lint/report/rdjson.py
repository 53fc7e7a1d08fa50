"""reviewdog's Diagnostic Format (rdjson), for `reviewdog -f=rdjson`. Columns are UTF-8
byte counts, as the format asks."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Sequence

from f64lint.diagnostic import Diagnostic, Position
from f64lint.report import ReportOptions, is_local_fix

SOURCE = {"name": "f64lint", "url": "https://github.com/f64lint/f64lint"}


def _byte_column(d: Diagnostic, position: Position) -> int:
    line = d.source_lines[position.line - d.start.line]
    return len(line[: position.column - 1].encode("utf-8")) + 1


def _suggestions(d: Diagnostic) -> List[Dict[str, Any]]:
    """reviewdog posts these as suggested changes; only fixes within the finding's lines."""
    if d.fix is None or not is_local_fix(d):
        return []
    return [
        {
            "range": {
                "start": {"line": e.start.line, "column": _byte_column(d, e.start)},
                "end": {"line": e.end.line, "column": _byte_column(d, e.end)},
            },
            "text": e.content,
        }
        for e in d.fix.edits
    ]


def diagnostic(d: Diagnostic) -> Dict[str, Any]:
    start_column, end_column = d.utf8_columns()
    found: Dict[str, Any] = {
        "message": d.message,
        "location": {
            "path": d.path,
            "range": {
                "start": {"line": d.start.line, "column": start_column},
                "end": {"line": d.end.line, "column": end_column},
            },
        },
        "severity": d.severity.value.upper(),
        "source": SOURCE,
        "code": {"value": d.code, "url": f"{SOURCE['url']}#{d.code.lower()}-{d.name}"},
    }
    suggestions = _suggestions(d)
    if suggestions:
        found["suggestions"] = suggestions
    return found


def render(diagnostics: Sequence[Diagnostic], files_checked: int, options: ReportOptions) -> str:
    return json.dumps({"source": SOURCE, "diagnostics": [diagnostic(d) for d in diagnostics]}, indent=2)
