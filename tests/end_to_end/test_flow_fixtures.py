"""fixtures/flow/: realistic modules, positive and negative, each with its exact findings
and their severities in <name>.expected (`line:column CODE severity`, empty: no finding)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from f64lint.workspace.settings import Settings
from f64lint.runner.run import run

FLOW = Path(__file__).parents[2] / "fixtures" / "flow"
MODULES = sorted(FLOW.glob("*.py"))
NEEDS_PYTHON_3_10 = {"match_cases", "guards_boolean_logic"}  # CPython before 3.10 cannot compile `match`
# Array API code gets no fix (the namespace may be NumPy's): its findings stay.
# (image_arrays: a float32 depth map of pixels no library table knows is data of unseen dtype;
# arrays_handed_to_helpers_float32: a method moves what it is given to `self.device`, which
# F64010 does not read as the CPU its only object is made with; numbers_read_from_text: a
# pickle's frame holds what was written, of a dtype not known; dataclass_fields_passed: the
# buffer is made of the float64 anchors one config is made with and the float32 ones of
# another, and F64003 offers no cast of data of several dtypes.)
NOT_FIXED = {
    "array_api_namespace": {"F64001", "F64003", "F64004", "F64008"},
    "image_arrays": {"F64010"},
    "arrays_handed_to_helpers_float32": {"F64010"},
    "numbers_read_from_text": {"F64010"},
    "computed_on_device": {"F64001"},
    "module_called": {"F64001"},
    "dataclass_fields_passed": {"F64003"},
}


def test_there_are_at_least_30_cases_both_ways():
    expectations = [m.with_suffix(".expected").read_text() for m in MODULES]
    assert len(MODULES) >= 30
    assert sum(1 for e in expectations if not e) >= 12  # modules that must stay clean
    assert sum(1 for e in expectations if "F64004" in e) >= 12  # float64 followed to a move


@pytest.mark.parametrize("module", MODULES, ids=[m.stem for m in MODULES])
def test_flow_fixture_findings_and_severities_are_exact(module):
    result = run([module], Settings(root=FLOW))
    assert result.internal_errors == []
    got = [f"{d.start.line}:{d.start.column} {d.code} {d.severity.value}" for d in result.diagnostics]
    assert got == module.with_suffix(".expected").read_text().splitlines()


@pytest.mark.parametrize("module", MODULES, ids=[m.stem for m in MODULES])
def test_flow_fixture_fixes_parse_and_hold(module):
    from tests.helpers import fix, lint
    from f64lint.rules import ALL_RULES

    if module.stem in NEEDS_PYTHON_3_10 and sys.version_info < (3, 10):
        pytest.skip("a match statement")
    codes = {rule.code for rule in ALL_RULES}
    fixed = fix(module.read_text(), codes)
    compile(fixed, str(module), "exec")
    assert fix(fixed, codes) == fixed
    left = {d.code for d in lint(fixed, codes)}
    assert left <= {"F64009", "F64005", "F64007"} | NOT_FIXED.get(module.stem, set())  # findings without a fix


def test_array_api_code_is_left_as_it_is_by_the_fixer():
    # A torch dtype in `xp.asarray(...)` would break it for NumPy's namespace, and the
    # device a dtype list needs is the data's: every finding there is left to a person.
    from tests.helpers import fix
    from f64lint.rules import ALL_RULES

    source = (FLOW / "array_api_namespace.py").read_text()
    assert fix(source, {rule.code for rule in ALL_RULES}) == source
