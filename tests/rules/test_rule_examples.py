"""Every rule's own valid and invalid examples, and its documentation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from f64lint.rules import ALL_RULES
from f64lint.workspace.selection import default_codes
from tests.helpers import fix, lint


def findings(source, rule):
    """The rule's findings with the default rules on too, as in a real run."""
    return [d for d in lint(source, default_codes() | {rule.code}) if d.code == rule.code]

VALID = [(rule, source) for rule in ALL_RULES for source in rule.valid]
INVALID = [(rule, example) for rule in ALL_RULES for example in rule.invalid]


@pytest.mark.parametrize(("rule", "source"), VALID, ids=[f"{r.code}-valid{i}" for i, (r, _) in enumerate(VALID)])
def test_valid_example_is_not_flagged(rule, source):
    assert findings(source, rule) == []


@pytest.mark.parametrize(("rule", "example"), INVALID, ids=[f"{r.code}-invalid{i}" for i, (r, _) in enumerate(INVALID)])
def test_invalid_example_is_flagged_exactly(rule, example):
    found = findings(example.source, rule)
    assert [(d.code, d.start.line, d.start.column) for d in found] == [
        (rule.code, line, column) for line, column in sorted(example.expected)
    ]


@pytest.mark.parametrize(("rule", "example"), INVALID, ids=[f"{r.code}-invalid{i}" for i, (r, _) in enumerate(INVALID)])
def test_invalid_example_is_fixed_exactly_and_for_good(rule, example):
    codes = default_codes() | {rule.code}
    fixed = fix(example.source, codes)
    assert fixed == (example.fixed if example.fixed is not None else example.source)
    assert fix(fixed, codes) == fixed
    assert [d.code for d in lint(fixed, codes) if d.code == rule.code and d.fix is not None] == []


@pytest.mark.parametrize("rule", ALL_RULES, ids=[r.code for r in ALL_RULES])
def test_rule_documentation_has_four_parts(rule):
    headings = re.findall(r"^## (.+)$", rule.documentation(), flags=re.MULTILINE)
    assert headings == ["What it flags", "Why it breaks on MPS", "Example", "Fix"]
    assert re.fullmatch(r"F64\d{3}", rule.code)
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", rule.name)


@pytest.mark.parametrize("rule", ALL_RULES, ids=[r.code for r in ALL_RULES])
def test_rule_is_in_the_readme(rule):
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert f"{rule.code}" in readme and rule.name in readme


def test_codes_are_unique():
    codes = [rule.code for rule in ALL_RULES]
    assert len(codes) == len(set(codes))
