"""A JSON list of findings; each is an object with exactly these fields, a stable contract:

| field | type | meaning |
|---|---|---|
| `path` | string | the file, relative to the current directory when it is below it (`-` for unnamed stdin) |
| `cell` | integer \\| `null` | in a notebook, the cell (1-based, as Jupyter counts them), and `line`, `end_line` and the edits' lines are within it; `null` for other files |
| `line`, `column` | integer | where the finding starts, both 1-based; columns count characters, not bytes |
| `end_line`, `end_column` | integer | where it ends, 1-based, `end_column` just past the last character |
| `code` | string | rule code, e.g. `F64001` |
| `name` | string | rule name, e.g. `torch-float64-dtype` |
| `severity` | `"error"` \\| `"warning"` | the rule's default, or as set by `severity` in the config |
| `message` | string | what is wrong and why it breaks on MPS |
| `fix` | object \\| `null` | the fix, if there is one: `message`, `applicability` (`"safe"` \\| `"unsafe"`) and `edits`, each `{"content", "cell", "location": {"line", "column"}, "end_location": {"line", "column"}}` (1-based, characters; the text from `location` up to `end_location` is replaced by `content`) |

With `--statistics`, JSON output is a list of `{"code", "name", "count"}`."""  # noqa: E501

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
