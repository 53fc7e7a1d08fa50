"""`path:line:col: CODE severity: message` (`nb.ipynb:cell 3:2:17: ...` in a notebook),
one per line, then a summary. The severity says
what separates a crash on MPS (`error`) from float64 that may reach it (`warning`)."""

from __future__ import annotations

from typing import Sequence

import click

from f64lint.diagnostic import Diagnostic, Severity
from f64lint.report import ReportOptions, count_by_code

_CODE_COLOR = {Severity.ERROR: "red", Severity.WARNING: "yellow"}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _line(diagnostic: Diagnostic, options: ReportOptions) -> str:
    location = f"{diagnostic.location()}:"
    code = diagnostic.code
    if options.color:
        location = click.style(location, bold=True)
        code = click.style(code, fg=_CODE_COLOR[diagnostic.severity], bold=True)
    mark = " [*]" if options.applicable(diagnostic) else ""
    severity = diagnostic.severity.value
    if options.color:
        severity = click.style(severity, fg=_CODE_COLOR[diagnostic.severity])
    return f"{location} {code}{mark} {severity}: {diagnostic.message}"


def summary(diagnostics: Sequence[Diagnostic], files_checked: int, options: ReportOptions = ReportOptions()) -> str:
    files = _plural(files_checked - options.failed, "file")
    fixed = f"Fixed {_plural(options.fixed, 'finding')}. " if options.fixed else ""
    failed = f"\n{_plural(options.failed, 'file')} could not be checked (internal error)." if options.failed else ""
    if not diagnostics and not options.failed:
        return f"{fixed}All checks passed ({files} checked)."
    if not diagnostics:
        return f"{fixed}No findings in {files} checked.{failed}"
    errors = sum(d.severity is Severity.ERROR for d in diagnostics)
    warnings = len(diagnostics) - errors
    lines = [
        f"{fixed}Found {_plural(len(diagnostics), 'finding')} "
        f"({_plural(errors, 'error')}, {_plural(warnings, 'warning')}) in {files} checked.{failed}"
    ]
    applicable = sum(map(options.applicable, diagnostics))
    if applicable:
        lines.append(f"[*] {applicable} fixable with `--fix`.")
    hidden = sum(
        d.fix is not None and not options.applicable(d) and (options.fixable is None or d.code in options.fixable)
        for d in diagnostics
    )
    if hidden and not options.unsafe_fixes:
        fixes = "1 more fix" if hidden == 1 else f"{hidden} more fixes"
        lines.append(f"{fixes} available with `--fix --unsafe-fixes` (they change precision on CPU/CUDA).")
    return "\n".join(lines)


def render(diagnostics: Sequence[Diagnostic], files_checked: int, options: ReportOptions) -> str:
    lines = [_line(d, options) for d in diagnostics]
    if not options.quiet:
        if lines:
            lines.append("")
        lines.append(summary(diagnostics, files_checked, options))
    return "\n".join(lines)


def render_statistics(diagnostics: Sequence[Diagnostic]) -> str:
    rows = count_by_code(diagnostics)
    width = max((len(str(n)) for _, _, n in rows), default=1)
    return "\n".join(f"{n:>{width}}\t{code}\t{name}" for code, name, n in rows)
