"""`--output-format review` prints the body for GitHub's
[create a review](https://docs.github.com/en/rest/pulls/reviews#create-a-review-for-a-pull-request)
endpoint: one comment per finding on its line (a range for multi-line findings), with what
is wrong, why it breaks on MPS and how to fix it. When the fix stays on the commented
lines, the comment carries it as a ```` ```suggestion ```` block that GitHub applies in one
click (findings whose lines overlap share one block with all their fixes, on the first of
them); a wider fix (a new parameter, its callers) is named with the command that makes it.

```
f64lint --diff-base origin/main --output-format review --output-file review.json --exit-zero
gh api --method POST repos/OWNER/REPO/pulls/NUMBER/reviews --input review.json
```

With reviewdog:

```
f64lint --diff-base origin/main --output-format rdjson --exit-zero \\
  | reviewdog -f=rdjson -reporter=github-pr-review
```

The module: a payload for GitHub's "create a review" API (POST /repos/{owner}/{repo}/pulls/{n}/reviews):
one comment per finding, on its line, with the rule's explanation. Paths are as printed,
so run f64lint from the repository root. Findings whose lines overlap share one suggestion,
on the first of them, with all their fixes: two suggestions on one line would each undo
the other."""

from __future__ import annotations

import json
from typing import Any, Dict, Optional, Sequence

from f64lint.diagnostic import Applicability, Diagnostic
from f64lint.report import LinesFix, ReportOptions, lines_fixes
from f64lint.rules import RULES_BY_CODE


def _fix_text(d: Diagnostic, shared: Optional[LinesFix]) -> str:
    """A ```suggestion block GitHub can apply in one click, for fixes within the commented
    lines; for a wider fix (a new parameter, callers), what `--fix` would do."""
    if d.fix is None:
        return ""
    if shared is not None and shared.lead is not d:
        return f"Fixed by the suggestion on line {shared.lead.start.line}.\n\n"
    fixes = [member.fix for member in shared.members if member.fix] if shared is not None else [d.fix]
    unsafe = any(fix.applicability is Applicability.UNSAFE for fix in fixes)
    caveat = " (changes precision on CPU/CUDA)" if unsafe else ""
    if shared is not None:
        messages = "; ".join(dict.fromkeys(fix.message for fix in fixes))
        suggestion = "\n".join(shared.lines)
        return f"Suggested fix: {messages}{caveat}\n\n```suggestion\n{suggestion}\n```\n\n"
    command = "f64lint --fix --unsafe-fixes" if unsafe else "f64lint --fix"
    return f"`{command}` would: {d.fix.message}{caveat}.\n\n"


def _comment(d: Diagnostic, shared: Optional[LinesFix]) -> Dict[str, Any]:
    rule = RULES_BY_CODE[d.code]
    body = (
        f"**{d.code}** ({d.name}): {d.shown_message()}\n\n"
        f"{rule.first_paragraph('Why it breaks on MPS')}\n\n"
        f"How to fix it: {rule.first_paragraph('Fix')}\n\n"
        f"{_fix_text(d, shared)}"
        f"<sub>`f64lint --explain {d.code}` says more; `# noqa: {d.code}` silences it.</sub>"
    )
    start, end = (shared.start, shared.end) if shared is not None and shared.lead is d else (d.start.line, d.end.line)
    comment: Dict[str, Any] = {"path": d.path, "line": end, "side": "RIGHT", "body": body}
    if end != start:
        comment.update(start_line=start, start_side="RIGHT")
    return comment


def render(diagnostics: Sequence[Diagnostic], files_checked: int, options: ReportOptions) -> str:
    count = len(diagnostics)
    summary = (
        f"f64lint: {count} finding{'' if count == 1 else 's'} of float64 that would break "
        "PyTorch's MPS backend (Apple Silicon)." if count else "f64lint: no float64 hardcoding found."
    )
    shared = lines_fixes(diagnostics)
    comments = [_comment(d, shared.get(id(d))) for d in diagnostics]
    payload = {"event": "COMMENT", "body": summary, "comments": comments}
    return json.dumps(payload, indent=2)
