"""The pages under docs/ are generated from the code and current; `--explain` prints a
rule's page."""

from __future__ import annotations

from pathlib import Path

import pytest

from f64lint.cli.command import command
from f64lint.cli.doc_pages import pages, rule_page, rules_table
from f64lint.rules import ALL_RULES
from tests.helpers import cli_runner

ROOT = Path(__file__).parents[1]


def generated():
    import importlib.util

    spec = importlib.util.spec_from_file_location("generate", ROOT / "docs" / "generate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return pages(ALL_RULES, module.cli_help(), ROOT / "fixtures", module.reporters(), module.benchmark())


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


def test_the_readme_rules_table_is_generated():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert rules_table(ALL_RULES, "docs/rules/{code}.md", compact=True) in readme


def readme_commands():
    """The commands in the README's plain code blocks (what a newcomer pastes)."""
    import re

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```\n(.*?)^```", readme, re.M | re.S)
    return [line.split("  #")[0].strip() for block in blocks for line in block.splitlines()
            if re.match(r"(f64lint|pip|pytest|python) ", line + " ")]


def test_the_readmes_commands_work_in_a_fresh_checkout(tmp_path):
    # `pip install ...` and `pytest` are what CI itself runs (.ci/run) on a clean clone; the
    # others run here in a copy of the tracked files, as pasted.
    import shlex
    import subprocess
    import sys

    commands = readme_commands()
    assert commands[:2] == ["pip install -e .", "pip install -e '.[server]'"]
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if tracked.returncode != 0:
        pytest.skip("needs a git checkout")
    for name in tracked.stdout.splitlines():
        source = ROOT / name
        if source.is_file():
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / name).write_bytes(source.read_bytes())
    ran = []
    for pasted in commands:
        words = shlex.split(pasted)
        if words[0] in ("pip", "pytest"):
            continue
        if words[0] == "f64lint":
            words = [sys.executable, "-m", "f64lint", *words[1:]]
        elif words[0] == "python":
            words = [sys.executable, *words[1:]]
        done = subprocess.run(words, cwd=tmp_path, capture_output=True, text=True)
        assert done.returncode in (0, 1), f"{pasted}: {done.stderr}"
        ran.append(pasted)
    assert ran == ["f64lint .", "f64lint --fix .", "f64lint --fix --unsafe-fixes .", "f64lint --diff --unsafe-fixes ."]


def test_the_readmes_links_to_docs_exist():
    import re

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\((docs/[^)#]+)", readme)
    assert links and [link for link in links if not (ROOT / link).exists()] == []
