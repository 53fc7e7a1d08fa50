"""Tests that never run on MPS: pytest's and unittest's skips under a condition that holds
whenever the code runs on MPS (`torch.backends.mps.is_available()`, `device.type == "mps"`,
`TEST_MPS`), read from decorators, a module's `pytestmark` and calls that stop a test.

- `@pytest.mark.skipif(cond)`, `@pytest.mark.xfail(cond)` and `@unittest.skipIf(cond)` on
  a test or its class, or in `pytestmark`, with `cond` true on MPS;
  `@unittest.skipUnless(cond)` with `cond` true only off MPS;
- `pytest.skip(...)`, `pytest.xfail(...)` and `self.skipTest(...)` end a test as a `return`
  does: after `if device.type == "mps": pytest.skip(...)` the test is off MPS;
- so does a call of a function of the module that skips on MPS (one level): one that
  calls `pytest.skip(...)` under an MPS test, or when a float64 probe on the device
  raises (`try: torch.zeros(1, dtype=torch.float64, device=device)` /
  `except TypeError: pytest.skip(...)`);
- `@pytest.mark.parametrize("device", [...])` over devices that all have float64.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, List, Optional, Sequence, Tuple

from f64lint.analysis.domain.devices import (
    MPS_ERRORS,
    device_like_name,
    names_no_float64_device,
    true_on_mps,
    true_only_off_mps,
)
from f64lint.analysis.domain.dtypes import Width, dtype_of
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import keyword, positional, written_out
from f64lint.analysis.syntax.nodes import caught, last_name, last_statement, own_nodes
from f64lint.cst import cst

if TYPE_CHECKING:
    from typing_extensions import TypeGuard

_SKIPPED_WHEN = frozenset({"pytest.mark.skipif", "pytest.mark.xfail", "unittest.skipIf"})
_RUN_ONLY_WHEN = frozenset({"unittest.skipUnless"})
_STOPS_A_TEST = frozenset({"pytest.skip", "pytest.xfail"})
_SKIP_EXCEPTIONS = frozenset({"SkipTest", "Exception"})  # `unittest.SkipTest`, `pytest.skip.Exception`


def skipped_on_mps(facts: ModuleFacts, decorators: Sequence[cst.Decorator]) -> bool:
    """Do a test's (or its class's) decorators keep it off MPS?"""
    return any(_marks_off_mps(facts, decorator.decorator) for decorator in decorators)


def run_only_off_mps(facts: ModuleFacts, function: cst.FunctionDef) -> bool:
    """Is a test parametrized over devices that all have float64
    (`@pytest.mark.parametrize("device", ["cpu", "cuda"])`, a name bound to such a list, or
    a function of the module that returns one)?"""
    for name in _parametrized_names(facts, function):
        if device_like_name(name):
            values = parametrized_values(facts, function, name)
            if values and all(value is not None and names_no_float64_device(facts, value) is False for value in values):
                return True
    return False


def parametrized_values(
    facts: ModuleFacts, function: cst.FunctionDef, name: str
) -> Optional[List[Optional[cst.BaseExpression]]]:
    """The values a `@pytest.mark.parametrize` of a test gives one of its parameters, when
    they are written out (None for a row that does not say)."""
    for params, values in _parametrizations(facts, function):
        if name not in params:
            continue
        rows = _literal_rows(facts, values, 0)
        if rows is None:
            return None
        place = params.index(name)
        return [_nth(row, place) if len(params) > 1 or _is_param(row) else row for row in rows]
    return None


def _parametrized_names(facts: ModuleFacts, function: cst.FunctionDef) -> List[str]:
    return [name for params, _ in _parametrizations(facts, function) for name in params]


def _parametrizations(
    facts: ModuleFacts, function: cst.FunctionDef
) -> Iterator[Tuple[List[str], cst.BaseExpression]]:
    """Each `@pytest.mark.parametrize("a, b", values)` of a test: its names and values."""
    for decorator in function.decorators:
        mark = decorator.decorator
        if not (isinstance(mark, cst.Call) and facts.qualified_name(mark.func) == "pytest.mark.parametrize"):
            continue
        args = positional(mark)
        names = args[0] if args else keyword(mark, "argnames")
        values = args[1] if len(args) > 1 else keyword(mark, "argvalues")
        if isinstance(names, cst.SimpleString) and isinstance(names.evaluated_value, str) and values is not None:
            yield [name.strip() for name in names.evaluated_value.split(",")], values


def _literal_rows(facts: ModuleFacts, values: cst.BaseExpression, depth: int) -> Optional[List[cst.BaseExpression]]:
    """The rows of a parametrize list written out, bound to a name, or returned by a
    function of the module that returns one."""
    if depth > 2:
        return None
    if isinstance(values, (cst.List, cst.Tuple)):
        return [element.value for element in values.elements if not isinstance(element, cst.StarredElement)]
    if isinstance(values, cst.Name):
        assigned = facts.assigned_value(values)
        rows = _literal_rows(facts, assigned, depth + 1) if assigned is not None else None
        added = written_out(facts.added_to(values))
        return rows + added if rows is not None and added is not None else None
    if isinstance(values, cst.Call) and isinstance(values.func, cst.Name):
        function = facts.top_level_functions.get(values.func.value)
        returned = [node.value for node in own_nodes(function.body, cst.Return)] if function is not None else []
        if len(returned) == 1 and returned[0] is not None:
            return _literal_rows(facts, returned[0], depth + 1)
    return None


def _is_param(row: cst.BaseExpression) -> TypeGuard[cst.Call]:
    """`pytest.param("cuda", marks=...)`."""
    return isinstance(row, cst.Call) and last_name(row.func) == "param"


def _nth(row: cst.BaseExpression, index: int) -> Optional[cst.BaseExpression]:
    if _is_param(row):
        args = positional(row)
        return args[index] if index < len(args) else None
    if isinstance(row, (cst.Tuple, cst.List)) and index < len(row.elements):
        return row.elements[index].value
    return None


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


def skips_on_mps(facts: ModuleFacts, call: cst.Call) -> bool:
    """Is a call one of a function of the module that skips the test on MPS: it stops the
    test under an MPS test, or when a float64 probe raises?"""
    func = call.func
    function = facts.top_level_functions.get(func.value) if isinstance(func, cst.Name) else None
    if function is None:
        return False
    for node in own_nodes(function.body, cst.If):
        if true_on_mps(facts, node.test) and _stops(facts, last_statement(node.body)):
            return True
    for attempt in own_nodes(function.body, cst.Try):
        if _probes_float64(facts, attempt.body) and any(
            _skips_when_it_raises(facts, handler) for handler in attempt.handlers
        ):
            return True
    return False


def _stops(facts: ModuleFacts, statement: Optional[cst.CSTNode]) -> bool:
    """`pytest.skip(...)`, `self.skipTest(...)`, `raise unittest.SkipTest(...)`."""
    if isinstance(statement, cst.Raise) and statement.exc is not None:
        raised = statement.exc.func if isinstance(statement.exc, cst.Call) else statement.exc
        return (
            last_name(raised) in _SKIP_EXCEPTIONS
            and "skip" in (facts.qualified_name(raised) or last_name(raised)).lower()
        )
    return stops_a_test(facts, statement)


def _probes_float64(facts: ModuleFacts, body: cst.BaseSuite) -> bool:
    return any(
        (dtype := dtype_of(facts, node)) is not None and dtype.width is Width.FLOAT64
        for kind in (cst.Attribute, cst.Name)
        for node in own_nodes(body, kind)
    )


def _skips_when_it_raises(facts: ModuleFacts, handler: cst.ExceptHandler) -> bool:
    return bool(caught(handler) & MPS_ERRORS) and _stops(facts, last_statement(handler.body))


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
