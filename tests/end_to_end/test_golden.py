"""Golden files: every fixture module (fixtures/**/X.py) and every rule's flagged examples
carry, in a readable file beside them (X.golden, tests/rules/golden/F64xxx.golden), what
f64lint says of them: each finding's position, code, severity and message with its fix's
applicability and message, and the `--fix --unsafe-fixes` diff. A change to a message or
a fix shows in review as a diff of these files.

    F64LINT_UPDATE_GOLDEN=1 pytest tests/end_to_end/test_golden.py    # rewrite them
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import List

import pytest

from f64lint.workspace.settings import Settings
from f64lint.diagnostic import Diagnostic
from f64lint.rules import ALL_RULES
from f64lint.runner.results import FixMode
from f64lint.runner.run import run

ROOT = Path(__file__).parents[2]
FIXTURES = ROOT / "fixtures"
# A whole project (fixtures/projects/) has one golden diff: tests/end_to_end/test_project.py.
MODULES = sorted(
    path
    for path in FIXTURES.rglob("*.py")
    if path.name != "conftest.py" and "projects" not in path.relative_to(FIXTURES).parts
)
RULE_GOLDEN = Path(__file__).parents[1] / "rules" / "golden"
UPDATE = bool(os.environ.get("F64LINT_UPDATE_GOLDEN"))
# Every rule, those off by default too: the golden files show all there is to say.
EVERY_RULE = ("F",)


def described(diagnostics: List[Diagnostic]) -> List[str]:
    lines = []
    for d in diagnostics:
        lines.append(f"{d.start.line}:{d.start.column} {d.code} {d.severity.value}: {d.message}")
        if d.fix is not None:
            lines.append(f"    fix ({d.fix.applicability.value}): {d.fix.message}")
    return lines


def golden_text(path: Path, root: Path) -> str:
    """What f64lint says of one module, run from `root` (so that paths read the same)."""
    settings = Settings(root=root, select=EVERY_RULE)
    found = run([path], settings)
    fixed = run([path], Settings(root=root, select=EVERY_RULE, unsafe_fixes=True), fix=FixMode(write=False))
    diff = "".join(fixed.diffs())
    return (
        "# findings (every rule)\n"
        + "".join(f"{line}\n" for line in described(found.diagnostics))
        + "# f64lint --fix --unsafe-fixes --diff\n"
        + diff
    )


def check(golden: Path, text: str) -> None:
    if UPDATE:
        golden.write_text(text, encoding="utf-8")
        return
    current = golden.read_text(encoding="utf-8") if golden.exists() else None
    assert current == text, f"{golden.relative_to(ROOT)} is not current: run `F64LINT_UPDATE_GOLDEN=1 pytest tests/end_to_end/test_golden.py`"


@pytest.mark.parametrize("module", MODULES, ids=[str(m.relative_to(FIXTURES)) for m in MODULES])
def test_fixture_golden_file(module, monkeypatch):
    monkeypatch.chdir(module.parent)
    check(module.with_suffix(".golden"), golden_text(Path(module.name), module.parent))


@pytest.mark.parametrize("rule", [r for r in ALL_RULES if r.invalid], ids=[r.code for r in ALL_RULES if r.invalid])
def test_rule_examples_golden_file(rule, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    parts = []
    for number, example in enumerate(rule.invalid, 1):
        name = f"example_{number}.py"
        (tmp_path / name).write_text(example.source, encoding="utf-8")
        parts.append(f"## example {number}\n" + golden_text(Path(name), tmp_path))
    RULE_GOLDEN.mkdir(exist_ok=True)
    check(RULE_GOLDEN / f"{rule.code}.golden", "\n".join(parts))


def test_no_golden_file_is_left_over():
    kept = {m.with_suffix(".golden") for m in MODULES}
    stale = [g for g in FIXTURES.rglob("*.golden") if g not in kept]
    if UPDATE:
        for path in stale:
            path.unlink()
        return
    assert stale == []

