"""fixtures/test_code/: test suites and scripts in the shapes that keep float64 off MPS (a
skip in the test or a helper, a conftest's collection hook, devices that are only the CPU
or CUDA, no device at all, a script whose options offer no MPS), each with a crashing twin
(the same code without the skip, or on a device list that includes MPS) that is still
flagged. Exact findings and severities in
<name>.expected (`line:column CODE severity`, empty: no finding)."""

from __future__ import annotations

from pathlib import Path

import pytest

from f64lint.workspace.settings import Settings
from f64lint.runner.run import run

TEST_CODE = Path(__file__).parents[2] / "fixtures" / "test_code"
MODULES = sorted(TEST_CODE.rglob("*.py"))
# The modules with a twin: not conftest files, a script's CPU/CUDA-only half or the
# base classes a test imports.
TESTS = [module for module in MODULES if module.name.startswith(("test_", "train_any"))]


def findings(module: Path):
    result = run([module], Settings(root=TEST_CODE))
    assert result.internal_errors == []
    return [f"{d.start.line}:{d.start.column} {d.code} {d.severity.value}" for d in result.diagnostics]


@pytest.mark.parametrize("module", MODULES, ids=[str(m.relative_to(TEST_CODE)) for m in MODULES])
def test_findings_and_severities_are_exact(module):
    assert findings(module) == module.with_suffix(".expected").read_text().splitlines()


@pytest.mark.parametrize("module", TESTS, ids=[str(m.relative_to(TEST_CODE)) for m in TESTS])
def test_each_shape_has_a_crashing_twin_that_is_flagged(module):
    assert module.with_suffix(".expected").read_text().strip()


def test_the_twin_of_a_test_a_hook_skips_is_the_same_code_under_another_name(tmp_path):
    # Renamed so that the hook's pattern no longer matches, the skipped test is flagged.
    folder = tmp_path / "tests"
    folder.mkdir()
    (folder / "conftest.py").write_text((TEST_CODE / "hooks" / "conftest.py").read_text())
    source = (TEST_CODE / "hooks" / "test_ops.py").read_text()
    (folder / "test_ops.py").write_text(source)
    (tmp_path / "pyproject.toml").write_text("")
    skipped = {d.start.line for d in run([folder / "test_ops.py"], Settings(root=tmp_path)).diagnostics}
    (folder / "test_ops.py").write_text(source.replace("def test_sin_gradcheck", "def test_sin_grad"))
    renamed = {d.start.line for d in run([folder / "test_ops.py"], Settings(root=tmp_path)).diagnostics}
    assert renamed - skipped == {8}
