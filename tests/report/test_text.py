"""The text reporter: one line per finding, colour only when asked, the summary."""

from __future__ import annotations

from f64lint.diagnostic import Diagnostic, Position, Severity
from f64lint.report import ReportOptions
from f64lint.report.text import render

ERROR = Diagnostic("a.py", Position(3, 7), Position(3, 20), "F64001", "torch-float64-dtype", "msg one", Severity.ERROR)
WARNING = Diagnostic("b.py", Position(1, 1), Position(1, 1), "F64902", "unreadable-file", "msg two", Severity.WARNING)


def test_plain_lines_and_summary():
    assert render([ERROR, WARNING], 4, ReportOptions()) == (
        "a.py:3:7: F64001 error: msg one\n"
        "b.py:1:1: F64902 warning: msg two\n"
        "\n"
        "Found 2 findings (1 error, 1 warning) in 4 files checked."
    )


def test_colour_marks_location_and_code_by_severity():
    coloured = render([ERROR, WARNING], 2, ReportOptions(color=True, quiet=True)).splitlines()
    assert coloured == [
        "\x1b[1ma.py:3:7:\x1b[0m \x1b[31m\x1b[1mF64001\x1b[0m \x1b[31merror\x1b[0m: msg one",
        "\x1b[1mb.py:1:1:\x1b[0m \x1b[33m\x1b[1mF64902\x1b[0m \x1b[33mwarning\x1b[0m: msg two",
    ]


def test_clean_summary():
    assert render([], 1, ReportOptions()) == "All checks passed (1 file checked)."
