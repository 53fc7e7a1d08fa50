"""The device fixtures a module defines (a conftest.py or a test module), by name, with
whether one may give a device without float64 (True) or only devices with it (False):

- `@pytest.fixture(params=["cpu", "cuda"])` (or `pytest.param(...)` rows, or a conditional
  between two such lists), on a function or a test class's method: its params;
- `@pytest.fixture` without params: what it returns or yields;
- `pytest_generate_tests(metafunc)`: `metafunc.parametrize("device", devices)`, with
  `devices` followed to its value and what is appended to it.

Only fixtures named like a device (`device`, `dev`, `torch_device`) count; one whose
devices are not known is left out.
"""

from __future__ import annotations

from typing import Callable, Dict, List, Optional

from f64lint.analysis.domain.devices import any_kind, device_like_name
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import keyword, positional
from f64lint.analysis.syntax.nodes import last_name, own_nodes
from f64lint.cst import cst

KindOf = Callable[["cst.BaseExpression"], Optional[bool]]


def fixture_devices(facts: ModuleFacts, kind: KindOf) -> Dict[str, bool]:
    found: Dict[str, bool] = {}
    for statement in _functions_and_methods(facts.module):
        if statement.name.value == "pytest_generate_tests":
            found.update(_generated(facts, statement, kind))
            continue
        fixture = _fixture_mark(facts, statement)
        if fixture is None:
            continue
        named = keyword(fixture, "name") if isinstance(fixture, cst.Call) else None
        name = named.evaluated_value if isinstance(named, cst.SimpleString) else statement.name.value
        if not isinstance(name, str) or not device_like_name(name):
            continue
        params = keyword(fixture, "params") if isinstance(fixture, cst.Call) else None
        values = _rows(params) if params is not None else _returned(statement)
        may_lack = any_kind(kind(value) for value in values) if values else None
        if may_lack is not None:
            found[name] = may_lack
    return found


def _fixture_mark(facts: ModuleFacts, function: cst.FunctionDef) -> Optional[cst.BaseExpression]:
    for decorator in function.decorators:
        mark = decorator.decorator
        func = mark.func if isinstance(mark, cst.Call) else mark
        if facts.qualified_name(func) == "pytest.fixture":
            return mark
    return None


def _functions_and_methods(module: cst.Module) -> List[cst.FunctionDef]:
    """The module's functions and its classes' methods (a fixture of a test class)."""
    found: List[cst.FunctionDef] = []
    for statement in module.body:
        if isinstance(statement, cst.FunctionDef):
            found.append(statement)
        elif isinstance(statement, cst.ClassDef):
            found.extend(member for member in statement.body.body if isinstance(member, cst.FunctionDef))
    return found


def _rows(params: cst.BaseExpression) -> List[cst.BaseExpression]:
    """A literal list of params, each `pytest.param(value, ...)` read as its value; for
    `["cuda"] if CUDA else ["cpu"]`, the rows of both."""
    if isinstance(params, cst.IfExp):
        body, orelse = _rows(params.body), _rows(params.orelse)
        return body + orelse if body and orelse else []
    if not isinstance(params, (cst.List, cst.Tuple)):
        return []
    rows: List[cst.BaseExpression] = []
    for element in params.elements:
        value = element.value
        if isinstance(value, cst.Call) and last_name(value.func) == "param":
            args = positional(value)
            if not args:
                return []
            value = args[0]
        rows.append(value)
    return rows


def _returned(function: cst.FunctionDef) -> List[cst.BaseExpression]:
    values = [node.value for node in own_nodes(function.body, cst.Return) if node.value is not None]
    values += [node.value for node in own_nodes(function.body, cst.Yield) if isinstance(node.value, cst.BaseExpression)]
    return values


def _generated(facts: ModuleFacts, hook: cst.FunctionDef, kind: KindOf) -> Dict[str, bool]:
    found: Dict[str, bool] = {}
    for call in own_nodes(hook.body, cst.Call):
        if last_name(call.func) != "parametrize":
            continue
        args = positional(call)
        if len(args) < 2 or not isinstance(args[0], cst.SimpleString):
            continue
        names = args[0].evaluated_value
        if not isinstance(names, str) or "," in names or not device_like_name(names.strip()):
            continue
        may_lack = kind(args[1])
        if may_lack is not None:
            found[names.strip()] = may_lack
    return found
