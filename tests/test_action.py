"""The composite GitHub Action is well-formed and its modes use real f64lint options."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from f64lint.cli.command import REPORTERS, command

ACTION = yaml.safe_load((Path(__file__).parents[1] / "action.yml").read_text())


def test_action_is_composite_and_installs_this_checkout():
    assert ACTION["runs"]["using"] == "composite"
    steps = ACTION["runs"]["steps"]
    assert any('pip install --quiet "${{ github.action_path }}"' in step.get("run", "") for step in steps)
    assert set(ACTION["inputs"]) >= {"paths", "mode", "args", "changed-lines-only"}


def test_every_option_and_format_the_action_uses_exists():
    script = next(step["run"] for step in ACTION["runs"]["steps"] if "f64lint --output-format" in step.get("run", ""))
    options = {name for param in command.params for name in getattr(param, "opts", [])}
    used = set(re.findall(r"(?<![\w-])--[a-z][a-z-]+", script))
    assert used - {"--method", "--input", "--no-tags", "--quiet"} <= options
    assert set(re.findall(r"--output-format (\w+)", script)) == {"github", "sarif", "review"} <= set(REPORTERS)
