"""Realistic modules in fixtures/, each with its exact expected findings in <name>.expected."""

from __future__ import annotations

from pathlib import Path

import pytest

from f64lint.workspace.settings import Settings
from f64lint.runner.run import run

FIXTURES = Path(__file__).parents[2] / "fixtures"
MODULES = sorted(FIXTURES.glob("*.py"))


def test_there_are_fixtures():
    assert {m.stem for m in MODULES} >= {"position_embedding", "data_loader", "train"}


@pytest.mark.parametrize("module", MODULES, ids=[m.stem for m in MODULES])
def test_fixture_findings_are_exact(module):
    expected = module.with_suffix(".expected").read_text().split("\n")
    result = run([module], Settings(root=FIXTURES))
    assert result.internal_errors == []
    got = [f"{d.start.line}:{d.start.column} {d.code}" for d in result.diagnostics]
    assert got == [line for line in expected if line]


@pytest.mark.parametrize("module", MODULES, ids=[m.stem for m in MODULES])
def test_fixture_is_fixed_exactly_and_a_second_fix_changes_nothing(module, tmp_path, monkeypatch):
    from click.testing import CliRunner

    from f64lint.cli.command import command

    copy = tmp_path / module.name
    copy.write_bytes(module.read_bytes())
    monkeypatch.chdir(tmp_path)
    args = ["--isolated", "--no-cache", "--fix", "--unsafe-fixes", "-q", module.name]
    first = CliRunner().invoke(command, args)
    assert copy.read_text() == module.with_suffix(".fixed").read_text()
    second = CliRunner().invoke(command, args)
    assert copy.read_text() == module.with_suffix(".fixed").read_text()
    assert second.output == first.output  # the same unfixable findings remain
    assert second.exit_code == first.exit_code
