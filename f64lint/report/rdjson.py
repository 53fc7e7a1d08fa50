"""reviewdog's Diagnostic Format (rdjson), for `reviewdog -f=rdjson`. Columns are UTF-8
byte counts, as the format asks."""

from __future__ import annotations

import json
from typing import Any, Dict, Sequence

from f64lint.diagnostic import Diagnostic
from f64lint.report import ReportOptions

SOURCE = {"name": "f64lint", "url": "https://github.com/f64lint/f64lint"}


def diagnostic(d: Diagnostic) -> Dict[str, Any]:
    start_column, end_column = d.utf8_columns()
    return {
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


def render(diagnostics: Sequence[Diagnostic], files_checked: int, options: ReportOptions) -> str:
    return json.dumps({"source": SOURCE, "diagnostics": [diagnostic(d) for d in diagnostics]}, indent=2)
