"""Tests that never run on MPS: pytest's and unittest's skips under a condition that holds
whenever the code runs on MPS (`torch.backends.mps.is_available()`, `device.type == "mps"`,
`TEST_MPS`), read from decorators, a module's `pytestmark` and calls that stop a test.

- `@pytest.mark.skipif(cond)`, `@pytest.mark.xfail(cond)` and `@unittest.skipIf(cond)` on
  a test or its class, or in `pytestmark`, with `cond` true on MPS;
  `@unittest.skipUnless(cond)` with `cond` true only off MPS;
- `pytest.skip(...)`, `pytest.xfail(...)` and `self.skipTest(...)` end a test as a `return`
  does: after `if device.type == "mps": pytest.skip(...)` the test is off MPS.
"""

from __future__ import annotations

from typing import Optional, Sequence

from f64lint.analysis.domain.devices import true_on_mps, true_only_off_mps
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import keyword, positional
from f64lint.cst import cst

_SKIPPED_WHEN = frozenset({"pytest.mark.skipif", "pytest.mark.xfail", "unittest.skipIf"})
_RUN_ONLY_WHEN = frozenset({"unittest.skipUnless"})
_STOPS_A_TEST = frozenset({"pytest.skip", "pytest.xfail"})


def skipped_on_mps(facts: ModuleFacts, decorators: Sequence[cst.Decorator]) -> bool:
    """Do a test's (or its class's) decorators keep it off MPS?"""
    return any(_marks_off_mps(facts, decorator.decorator) for decorator in decorators)


def module_skipped_on_mps(facts: ModuleFacts) -> bool:
    """Does the module's `pytestmark` (a mark or a list of marks) keep all its tests off MPS?"""
    for statement in facts.module.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.Assign) and any(
                isinstance(target.target, cst.Name) and target.target.value == "pytestmark" for target in small.targets
            ):
                marks = small.value.elements if isinstance(small.value, (cst.List, cst.Tuple)) else None
                values = [element.value for element in marks] if marks is not None else [small.value]
                if any(_marks_off_mps(facts, value) for value in values):
                    return True
    return False


def stops_a_test(facts: ModuleFacts, statement: Optional[cst.CSTNode]) -> bool:
    """Is a (small) statement `pytest.skip(...)`, `pytest.xfail(...)` or `self.skipTest(...)`?"""
    if not (isinstance(statement, cst.Expr) and isinstance(statement.value, cst.Call)):
        return False
    func = statement.value.func
    if facts.qualified_name(func) in _STOPS_A_TEST:
        return True
    return isinstance(func, cst.Attribute) and func.attr.value == "skipTest"


def _marks_off_mps(facts: ModuleFacts, mark: cst.BaseExpression) -> bool:
    if not isinstance(mark, cst.Call):
        return False
    name = facts.qualified_name(mark.func)
    condition = _condition(mark)
    if condition is None:
        return False
    if name in _SKIPPED_WHEN:
        return true_on_mps(facts, condition)
    if name in _RUN_ONLY_WHEN:
        return true_only_off_mps(facts, condition)
    return False


def _condition(mark: cst.Call) -> Optional[cst.BaseExpression]:
    args = positional(mark)
    return args[0] if args else keyword(mark, "condition")
