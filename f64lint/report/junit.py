"""JUnit XML for CI dashboards: a test suite per file, a failing test case per finding; a
single passing test case when there are none."""

from __future__ import annotations

from itertools import groupby
from typing import Sequence
from xml.etree import ElementTree

from f64lint.diagnostic import Diagnostic
from f64lint.report import ReportOptions


def render(diagnostics: Sequence[Diagnostic], files_checked: int, options: ReportOptions) -> str:
    count = str(max(len(diagnostics), 1))
    root = ElementTree.Element(
        "testsuites", name="f64lint", tests=count, failures=str(len(diagnostics)), errors="0"
    )
    if not diagnostics:
        suite = ElementTree.SubElement(root, "testsuite", name="f64lint", tests="1", failures="0", errors="0")
        ElementTree.SubElement(suite, "testcase", name="f64lint", classname="f64lint")
    for path, group in groupby(diagnostics, key=lambda d: d.path):
        found = list(group)
        suite = ElementTree.SubElement(
            root, "testsuite", name=path, tests=str(len(found)), failures=str(len(found)), errors="0"
        )
        for d in found:
            case = ElementTree.SubElement(
                suite, "testcase", name=f"{d.code} {d.name}", classname=path,
                file=path, line=str(d.start.line),
            )
            failure = ElementTree.SubElement(case, "failure", message=d.shown_message(), type=d.severity.value)
            failure.text = f"{path}:{d.start.line}:{d.start.column}: {d.code} {d.shown_message()}"
    ElementTree.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ElementTree.tostring(root, encoding="unicode")
