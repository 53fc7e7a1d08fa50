"""--write-baseline records today's findings; --baseline reports only new ones."""

from __future__ import annotations

import json

import pytest
from f64lint.cli.command import command
from tests.helpers import cli_runner

LEGACY = "import torch\n\na = torch.ones(2).double()\nb = torch.zeros(2, dtype=torch.float64)\n"


def invoke(*args):
    return cli_runner().invoke(command, ["--no-cache", *args])


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "legacy.py").write_text(LEGACY)
    written = invoke("--write-baseline", "baseline.json", "src")
    assert (written.exit_code, written.stderr) == (0, "f64lint: wrote 2 findings to baseline.json\n")
    return tmp_path


def test_baseline_file_lists_code_path_and_fingerprint(project):
    document = json.loads((project / "baseline.json").read_text())
    assert document["format"] == "f64lint-baseline/1"
    assert [(e["path"], e["code"], len(e["fingerprint"])) for e in document["findings"]] == [
        ("src/legacy.py", "F64001", 64), ("src/legacy.py", "F64002", 64),
    ]


def test_known_findings_are_not_reported_even_after_lines_move(project):
    (project / "src" / "legacy.py").write_text("# a header\n\n" + LEGACY)
    result = invoke("--baseline", "baseline.json", "src")
    assert (result.exit_code, result.stdout) == (0, "All checks passed (1 file checked).\n")


def test_new_findings_are_reported(project):
    (project / "src" / "legacy.py").write_text(LEGACY + "c = torch.ones(3).double()\n")
    result = invoke("-q", "--baseline", "baseline.json", "src")
    assert (result.exit_code, result.stdout) == (
        1, "src/legacy.py:5:19: F64002 warning: `.double()` converts to float64; MPS has no float64\n"
    )


def test_fixed_entries_are_counted(project):
    (project / "src" / "legacy.py").write_text(LEGACY.replace(".double()", ".float()"))
    result = invoke("--baseline", "baseline.json", "src")
    assert result.exit_code == 0
    assert result.stderr == "f64lint: 1 baseline entries are fixed now; rewrite it with --write-baseline\n"


def test_baseline_works_from_another_directory(project, monkeypatch):
    monkeypatch.chdir(project / "src")
    assert invoke("--baseline", "../baseline.json", ".").exit_code == 0


def test_invalid_baseline_is_exit_2(project):
    (project / "baseline.json").write_text('{"format": "something else"}')
    result = invoke("--baseline", "baseline.json", "src")
    assert result.exit_code == 2
    assert "baseline.json is not a valid f64lint baseline" in result.stderr
