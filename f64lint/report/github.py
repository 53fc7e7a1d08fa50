"""GitHub Actions workflow commands: each finding becomes an annotation on the file,
`::error file=src/m.py,line=17,col=45,endLine=17,endColumn=58,title=f64lint (F64001)::F64001 ...`
(`::warning` for warnings)."""

from __future__ import annotations

from typing import Sequence

from f64lint.diagnostic import Diagnostic, Severity
from f64lint.report import ReportOptions


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _line(d: Diagnostic) -> str:
    command = "error" if d.severity is Severity.ERROR else "warning"
    properties = ",".join(
        f"{key}={_escape_property(str(value))}"
        for key, value in (
            ("file", d.path),
            ("line", d.start.line),
            ("col", d.start.column),
            ("endLine", d.end.line),
            ("endColumn", d.end.column),
            ("title", f"f64lint ({d.code})"),
        )
    )
    return f"::{command} {properties}::{_escape_data(f'{d.code} {d.shown_message()}')}"


def render(diagnostics: Sequence[Diagnostic], files_checked: int, options: ReportOptions) -> str:
    return "\n".join(_line(d) for d in diagnostics)
