"""The pages under docs/ are generated from the code and current; `--explain` prints a
rule's page."""

from __future__ import annotations

from pathlib import Path

import pytest

from f64lint.cli import command
from f64lint.doc_pages import pages, rule_page
from f64lint.rules import ALL_RULES
from tests.helpers import cli_runner

ROOT = Path(__file__).parents[1]


def generated():
    import importlib.util

    spec = importlib.util.spec_from_file_location("generate", ROOT / "docs" / "generate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return pages(ALL_RULES, module.cli_help(), ROOT / "fixtures", module.REPORTERS, module.benchmark())


@pytest.mark.parametrize("name, text", sorted(generated().items()))
def test_each_page_is_current(name, text):
    page = ROOT / "docs" / name
    current = page.read_text(encoding="utf-8") if page.exists() else None
    assert current == text, f"docs/{name} is not current: run `python docs/generate.py`"


@pytest.mark.parametrize("rule", ALL_RULES, ids=[rule.code for rule in ALL_RULES])
def test_explain_prints_the_rules_page(rule):
    result = cli_runner().invoke(command, ["--explain", rule.code])
    assert result.exit_code == 0
    assert result.stdout == rule_page(rule)
