"""`path:line:col: CODE message`, one per line, then a summary."""

from __future__ import annotations

from typing import Sequence

import click

from f64lint.diagnostic import Diagnostic, Severity
from f64lint.report import ReportOptions, count_by_code

_CODE_COLOR = {Severity.ERROR: "red", Severity.WARNING: "yellow"}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _line(diagnostic: Diagnostic, color: bool) -> str:
    location = f"{diagnostic.path}:{diagnostic.start.line}:{diagnostic.start.column}:"
    code = diagnostic.code
    if color:
        location = click.style(location, bold=True)
        code = click.style(code, fg=_CODE_COLOR[diagnostic.severity], bold=True)
    return f"{location} {code} {diagnostic.message}"


def summary(diagnostics: Sequence[Diagnostic], files_checked: int) -> str:
    files = _plural(files_checked, "file")
    if not diagnostics:
        return f"All checks passed ({files} checked)."
    errors = sum(d.severity is Severity.ERROR for d in diagnostics)
    warnings = len(diagnostics) - errors
    return (
        f"Found {_plural(len(diagnostics), 'finding')} "
        f"({_plural(errors, 'error')}, {_plural(warnings, 'warning')}) in {files} checked."
    )


def render(diagnostics: Sequence[Diagnostic], files_checked: int, options: ReportOptions) -> str:
    lines = [_line(d, options.color) for d in diagnostics]
    if not options.quiet:
        if lines:
            lines.append("")
        lines.append(summary(diagnostics, files_checked))
    return "\n".join(lines)


def render_statistics(diagnostics: Sequence[Diagnostic]) -> str:
    rows = count_by_code(diagnostics)
    width = max((len(str(n)) for _, _, n in rows), default=1)
    return "\n".join(f"{n:>{width}}\t{code}\t{name}" for code, name, n in rows)
