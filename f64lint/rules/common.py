"""How rules describe what they flag, in the same words."""

from __future__ import annotations

from typing import List, Optional

from f64lint.analysis.domain.casts import CONVERTING_METHODS
from f64lint.analysis.domain.dtypes import Dtype, DtypeUse
from f64lint.analysis.project.exports import Export
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.cst import cst


def callee_text(facts: ModuleFacts, call: cst.Call) -> str:
    """`torch.arange()` for a function, `.to()` for a method on an expression."""
    qualified = facts.qualified_name(call.func)
    if qualified is not None:
        return f"{facts.module.code_for_node(call.func)}()"
    if isinstance(call.func, cst.Attribute):
        return f".{call.func.attr.value}()"
    return f"{facts.module.code_for_node(call.func)}()"


def describe_use(facts: ModuleFacts, use: DtypeUse, dtype: Dtype, written: cst.BaseExpression) -> str:
    """"`torch.float64` used as a dtype in `torch.arange()`", naming what a traced name holds
    and, where that is written on another line, where (`dtype` (`torch.float64` in `main`
    at line 10))."""
    text = facts.module.code_for_node(use.value)
    said = [f"`{dtype.text}`"] if text != dtype.text else []
    line = facts.positions[use.value].start.line
    if said and written is not use.value and facts.positions[written].start.line != line:
        said = [f"`{dtype.text}` {where_made(facts, written, use.value)}"]
    said += [dtype.note] if dtype.note else []
    what = f"`{text}` ({', '.join(said)})" if said else f"`{text}`"
    if isinstance(use.holder, cst.Param):
        return f"{what} used as the default of parameter `{use.holder.name.value}`"
    if isinstance(use.holder, cst.Dict):
        return f"{what} used as the `\"dtype\"` of keyword arguments kept in a dict"
    return f"{what} used as a dtype in `{callee_text(facts, use.holder)}`"


def is_torch_call(facts: ModuleFacts, call: cst.Call) -> bool:
    """A call into torch: a `torch.*` function or a tensor method that takes a dtype."""
    qualified = facts.qualified_name(call.func)
    if qualified is not None:
        return qualified.startswith("torch.")
    if isinstance(call.func, cst.Attribute):
        method = call.func.attr.value
        return method in CONVERTING_METHODS or method.startswith("new_")
    return False


def where_made(facts: ModuleFacts, origin: cst.CSTNode, use: cst.CSTNode) -> str:
    """"at line 7", or "in `Scheduler.__init__` at line 7" when the value is made in
    another function than the one that uses it (a helper, the `__init__` that keeps it)."""
    line = f"at line {facts.positions[origin].start.line}"
    made_in = facts.enclosing_function(origin)
    if made_in is None or made_in is facts.enclosing_function(use):
        return line
    return f"in `{_dotted_name(facts, made_in)}` {line}"


def where_exported(export: Export, origin: cst.CSTNode) -> str:
    """Where another module makes a value: "in `pkg.utils.table` at pkg/utils.py:5", or
    for one its call passes to a parameter, "passed for `x` by `pkg.train.main` at
    pkg/train.py:9"."""
    if export.passed:
        named = f" for `{origin.value}`" if isinstance(origin, cst.Name) else ""
        return f"passed{named} by `{export.caller_name}` at {export.path}:{export.line}"
    return export.made_where


def _dotted_name(facts: ModuleFacts, function: cst.FunctionDef) -> str:
    """`Scheduler.__init__.make` for `make` defined in `Scheduler`'s `__init__`."""
    parts: List[str] = []
    current: Optional[cst.FunctionDef] = function
    while current is not None:
        parts.append(current.name.value)
        owner = facts.definitions.owner(current)
        if owner is not None:
            parts.append(owner.name.value)
        holder = facts.parent(owner if owner is not None else current)
        current = facts.enclosing_function(holder) if holder is not None else None
    return ".".join(reversed(parts))
