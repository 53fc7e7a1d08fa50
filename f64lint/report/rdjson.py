"""reviewdog's Diagnostic Format (rdjson), for `reviewdog -f=rdjson
-reporter=github-pr-review`. As that format asks, its columns count UTF-8 bytes; every
other format counts characters. A fix that stays on the finding's own lines is given as
`suggestions`, which reviewdog posts as suggested changes (a wider fix, such as a new
parameter, could reach lines outside the diff); findings whose lines overlap share one
suggestion with all their fixes."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Sequence

from f64lint.diagnostic import Diagnostic, Position
from f64lint.report import LinesFix, ReportOptions, lines_fixes

SOURCE = {"name": "f64lint", "url": "https://github.com/f64lint/f64lint"}


def _byte_column(d: Diagnostic, position: Position) -> int:
    line = d.source_lines[position.line - d.start.line]
    return len(line[: position.column - 1].encode("utf-8")) + 1


def _suggestions(d: Diagnostic, shared: Optional[LinesFix]) -> List[Dict[str, Any]]:
    """reviewdog posts these as suggested changes; only fixes within the finding's lines.
    Findings whose lines overlap share one suggestion, on the first of them, that rewrites
    those lines with all their fixes: two on one line would each undo the other."""
    if shared is None or shared.lead is not d or d.fix is None:
        return []
    if len(shared.members) == 1:
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
    last = shared.original[-1]
    return [
        {
            "range": {
                "start": {"line": shared.start, "column": 1},
                "end": {"line": shared.end, "column": len(last.encode("utf-8")) + 1},
            },
            "text": "\n".join(shared.lines),
        }
    ]


def diagnostic(d: Diagnostic, shared: Optional[LinesFix] = None) -> Dict[str, Any]:
    start_column, end_column = d.utf8_columns()
    found: Dict[str, Any] = {
        "message": d.shown_message(),
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
    suggestions = _suggestions(d, shared)
    if suggestions:
        found["suggestions"] = suggestions
    return found


def render(diagnostics: Sequence[Diagnostic], files_checked: int, options: ReportOptions) -> str:
    shared = lines_fixes(diagnostics)
    found = [diagnostic(d, shared.get(id(d))) for d in diagnostics]
    return json.dumps({"source": SOURCE, "diagnostics": found}, indent=2)
