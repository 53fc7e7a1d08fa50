"""GitLab Code Quality report (`artifacts: reports: codequality`). Each finding's
`fingerprint` hashes the path, the code and the text of the flagged lines (plus an
occurrence number for repeats), not the line number, so it survives code moving up or down."""

from __future__ import annotations

import json
from typing import Sequence

from f64lint.diagnostic import Diagnostic, Severity
from f64lint.report import ReportOptions
from f64lint.report.fingerprint import fingerprints

_SEVERITY = {Severity.ERROR: "major", Severity.WARNING: "minor"}


def render(diagnostics: Sequence[Diagnostic], files_checked: int, options: ReportOptions) -> str:
    issues = [
        {
            "description": f"{d.code} {d.shown_message()}",
            "check_name": d.code,
            "fingerprint": fingerprint,
            "severity": _SEVERITY[d.severity],
            "location": {"path": d.path, "lines": {"begin": d.start.line, "end": d.end.line}},
        }
        for d, fingerprint in zip(diagnostics, fingerprints(diagnostics))
    ]
    return json.dumps(issues, indent=2)
