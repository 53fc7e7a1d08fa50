"""rdjson, rdjsonl and gitlab output, and the fingerprints behind gitlab."""

from __future__ import annotations

import json

from f64lint.workspace.settings import Settings
from f64lint.diagnostic import Diagnostic, Position, Severity
from f64lint.linter.lint import lint_source
from f64lint.report import ReportOptions, gitlab, rdjson, rdjsonl
from f64lint.report.fingerprint import fingerprints
from f64lint.workspace.selection import default_codes


def lint(text):
    found = lint_source("m.py", text, default_codes(), Settings().severity_of).diagnostics
    return sorted(found, key=Diagnostic.sort_key)


UNICODE = 's = "éé"; y = torch.zeros(2, dtype=torch.float64)\n'


def test_findings_carry_their_source_lines_and_flagged_text():
    found = lint("import torch\n" + UNICODE + "z = torch.tensor(\n    [1.0],\n    dtype=torch.double,\n)\n")
    assert [d.source_lines for d in found] == [(UNICODE.rstrip("\n"),), ("    dtype=torch.double,",)]
    assert [d.flagged_text() for d in found] == ["torch.float64", "torch.double"]


def test_flagged_text_across_lines():
    d = Diagnostic("m.py", Position(1, 5), Position(3, 2), "F64003", "n", "m", Severity.ERROR,
                   ("t = f(", "  a,", ")  # end"))
    assert d.flagged_text() == "f(\n  a,\n)"


def test_rdjson_columns_are_utf8_bytes():
    found = lint("import torch\n" + UNICODE)
    report = json.loads(rdjson.render(found, 1, ReportOptions()))
    assert report["source"] == {"name": "f64lint", "url": "https://github.com/f64lint/f64lint"}
    assert report["diagnostics"] == [
        {
            "message": "`torch.float64` used as a dtype in `torch.zeros()`; MPS has no float64",
            "location": {"path": "m.py", "range": {"start": {"line": 2, "column": 38},
                                                   "end": {"line": 2, "column": 51}}},
            "severity": "WARNING",
            "source": {"name": "f64lint", "url": "https://github.com/f64lint/f64lint"},
            "code": {"value": "F64001", "url": "https://github.com/f64lint/f64lint#f64001-torch-float64-dtype"},
            "suggestions": [
                {"range": {"start": {"line": 2, "column": 38}, "end": {"line": 2, "column": 51}},
                 "text": "torch.float32"},
            ],
        }
    ]
    assert found[0].start.column == 36  # characters elsewhere


def test_rdjsonl_is_one_diagnostic_per_line():
    found = lint("import torch\n" + UNICODE + "w = torch.ones(1).double()\n")
    lines = rdjsonl.render(found, 1, ReportOptions()).splitlines()
    assert [json.loads(line)["code"]["value"] for line in lines] == ["F64001", "F64002"]


def test_gitlab_code_quality_fields():
    found = lint("import torch\n" + UNICODE)
    assert json.loads(gitlab.render(found, 1, ReportOptions())) == [
        {
            "description": "F64001 `torch.float64` used as a dtype in `torch.zeros()`; MPS has no float64",
            "check_name": "F64001",
            "fingerprint": fingerprints(found)[0],
            "severity": "minor",
            "location": {"path": "m.py", "lines": {"begin": 2, "end": 2}},
        }
    ]


def test_fingerprints_survive_moved_lines_and_keep_repeats_apart():
    body = "x = torch.ones(2).double()\ny = torch.ones(2).double()\n"
    before = fingerprints(lint("import torch\n" + body))
    after = fingerprints(lint("import torch\n\n\n# moved down\n" + body))
    assert before == after
    assert len(set(before)) == 2
    other_code = fingerprints(lint("import torch\nx = torch.ones(3).double()\ny = torch.ones(2).double()\n"))
    assert other_code[1] == before[1] and other_code[0] != before[0]
    twice = fingerprints(lint("import torch\nx = torch.ones(2).double()\nx = torch.ones(2).double()\n"))
    assert len(set(twice)) == 2


def test_review_payload_has_one_comment_per_finding_on_its_lines():
    from f64lint.report import review
    from f64lint.rules.double_call import DoubleCall

    found = lint("import torch\nw = torch.ones(1).double()\nz = torch.tensor(\n    [1.0], dtype=torch.double\n)\n")
    payload = json.loads(review.render(found, 1, ReportOptions()))
    assert payload["event"] == "COMMENT"
    assert payload["body"] == "f64lint: 2 findings of float64 that would break PyTorch's MPS backend (Apple Silicon)."
    first, second = payload["comments"]
    assert {k: first[k] for k in ("path", "line", "side")} == {"path": "m.py", "line": 2, "side": "RIGHT"}
    assert "start_line" not in first
    assert first["body"] == (
        "**F64002** (double-call): `.double()` converts to float64; MPS has no float64\n\n"
        f"{DoubleCall.first_paragraph('Why it breaks on MPS')}\n\n"
        f"How to fix it: {DoubleCall.first_paragraph('Fix')}\n\n"
        "Suggested fix: Use `.float()` (changes precision on CPU/CUDA)\n\n"
        "```suggestion\nw = torch.ones(1).float()\n```\n\n"
        "<sub>`f64lint --explain F64002` says more; `# noqa: F64002` silences it.</sub>"
    )
    assert (second["line"], second.get("start_line")) == (4, None)


def test_review_names_a_fix_that_reaches_beyond_the_commented_lines():
    from f64lint.report import review

    found = lint("import torch\ndef grid(n):\n    return torch.arange(n, dtype=torch.float64)\n")
    body = json.loads(review.render(found, 1, ReportOptions()))["comments"][0]["body"]
    assert "```suggestion" not in body
    assert (
        "`f64lint --fix --unsafe-fixes` would: Add a `dtype` parameter (default `torch.float32`) to `grid` "
        "and use it (changes precision on CPU/CUDA).\n\n"
    ) in body


def test_sarif_results_carry_fixes_as_replacements():
    from f64lint.report import sarif

    found = lint("import torch\ndef grid(n):\n    return torch.arange(n, dtype=torch.float64)\n")
    (result,) = json.loads(sarif.render(found, 1, ReportOptions()))["runs"][0]["results"]
    assert result["fixes"] == [
        {
            "description": {"text": "Add a `dtype` parameter (default `torch.float32`) to `grid` and use it (unsafe fix)"},
            "artifactChanges": [
                {
                    "artifactLocation": {"uri": "m.py"},
                    "replacements": [
                        {"deletedRegion": {"startLine": 3, "startColumn": 34, "endLine": 3, "endColumn": 47},
                         "insertedContent": {"text": "dtype"}},
                        {"deletedRegion": {"startLine": 2, "startColumn": 11, "endLine": 2, "endColumn": 11},
                         "insertedContent": {"text": ", dtype=torch.float32"}},
                    ],
                }
            ],
        }
    ]


def test_review_multi_line_finding_spans_lines():
    from f64lint.report import review

    found = lint("import numpy as np\nimport torch\nt = torch.from_numpy(\n    np.zeros(3)\n)\n")
    comment = json.loads(review.render(found, 1, ReportOptions()))["comments"][0]
    assert (comment["start_line"], comment["start_side"], comment["line"]) == (3, "RIGHT", 5)


def test_review_without_findings():
    from f64lint.report import review

    assert json.loads(review.render([], 1, ReportOptions())) == {
        "event": "COMMENT", "body": "f64lint: no float64 hardcoding found.", "comments": []
    }


TWO_ON_ONE_LINE = "import torch\ny = torch.ones(2).double() + torch.zeros(2, dtype=torch.float64)\n"
BOTH_FIXED = "y = torch.ones(2).float() + torch.zeros(2, dtype=torch.float32)"


def test_review_merges_the_suggestions_of_findings_on_the_same_line():
    # Two suggestions on one line would each undo the other: the first finding carries
    # one with both fixes, the second points to it.
    from f64lint.report import review

    found = lint(TWO_ON_ONE_LINE)
    first, second = json.loads(review.render(found, 1, ReportOptions()))["comments"]
    assert (
        "Suggested fix: Use `.float()`; Use `torch.float32` (changes precision on CPU/CUDA)\n\n"
        f"```suggestion\n{BOTH_FIXED}\n```\n\n"
    ) in first["body"]
    assert "```suggestion" not in second["body"]
    assert "Fixed by the suggestion on line 2.\n\n" in second["body"]


def test_rdjson_merges_the_suggestions_of_findings_on_the_same_line():
    found = lint(TWO_ON_ONE_LINE)
    first, second = json.loads(rdjson.render(found, 1, ReportOptions()))["diagnostics"]
    end = len(TWO_ON_ONE_LINE.splitlines()[1]) + 1
    assert first["suggestions"] == [
        {"range": {"start": {"line": 2, "column": 1}, "end": {"line": 2, "column": end}}, "text": BOTH_FIXED}
    ]
    assert "suggestions" not in second
