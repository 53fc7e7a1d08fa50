"""A payload for GitHub's "create a review" API (POST /repos/{owner}/{repo}/pulls/{n}/reviews):
one comment per finding, on its line, with the rule's explanation. Paths are as printed,
so run f64lint from the repository root."""

from __future__ import annotations

import json
from typing import Any, Dict, Sequence

from f64lint.diagnostic import Applicability, Diagnostic
from f64lint.report import ReportOptions, fixed_lines
from f64lint.rules import RULES_BY_CODE


def _fix_text(d: Diagnostic) -> str:
    """A ```suggestion block GitHub can apply in one click, for a fix within the commented
    lines; for a wider fix (a new parameter, callers), what `--fix` would do."""
    if d.fix is None:
        return ""
    unsafe = d.fix.applicability is Applicability.UNSAFE
    caveat = " (changes precision on CPU/CUDA)" if unsafe else ""
    lines = fixed_lines(d)
    if lines is not None:
        suggestion = "\n".join(lines)
        return f"Suggested fix: {d.fix.message}{caveat}\n\n```suggestion\n{suggestion}\n```\n\n"
    command = "f64lint --fix --unsafe-fixes" if unsafe else "f64lint --fix"
    return f"`{command}` would: {d.fix.message}{caveat}.\n\n"


def _comment(d: Diagnostic) -> Dict[str, Any]:
    rule = RULES_BY_CODE[d.code]
    body = (
        f"**{d.code}** ({d.name}): {d.message}\n\n"
        f"{rule.first_paragraph('Why it breaks on MPS')}\n\n"
        f"How to fix it: {rule.first_paragraph('Fix')}\n\n"
        f"{_fix_text(d)}"
        f"<sub>`f64lint --explain {d.code}` says more; `# noqa: {d.code}` silences it.</sub>"
    )
    comment: Dict[str, Any] = {"path": d.path, "line": d.end.line, "side": "RIGHT", "body": body}
    if d.end.line != d.start.line:
        comment.update(start_line=d.start.line, start_side="RIGHT")
    return comment


def render(diagnostics: Sequence[Diagnostic], files_checked: int, options: ReportOptions) -> str:
    count = len(diagnostics)
    summary = (
        f"f64lint: {count} finding{'' if count == 1 else 's'} of float64 that would break "
        "PyTorch's MPS backend (Apple Silicon)." if count else "f64lint: no float64 hardcoding found."
    )
    payload = {"event": "COMMENT", "body": summary, "comments": [_comment(d) for d in diagnostics]}
    return json.dumps(payload, indent=2)
