"""Moves of data whose dtype the code does not show (`x.to(device)`), for the two rules that
report them: F64011 the parts of a data loader's batches, F64010 every other such tensor.
Both leave alone what shows the data is not float64 (flow/data_evidence.py), a module
moved as a module, and what F64004 and F64009 report."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Optional

from f64lint.analysis.domain.library import INTEGER_CASTS, short_names
from f64lint.analysis.evaluation.lattice import Kind, Value
from f64lint.analysis.flow.analysis import Analysis
from f64lint.analysis.flow.data import UnseenData
from f64lint.analysis.flow.data_evidence import named_not_float64, used_as_index
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import method_name
from f64lint.analysis.syntax.nodes import last_name
from f64lint.cst import cst
from f64lint.rules.base import Finding

_INTEGER_CASTS = frozenset(short_names(INTEGER_CASTS))
MOVED = (
    "moved to a device that may be 'mps' without a dtype: float64 data (NumPy's default) "
    "crashes there; give the dtype: `.to(device, dtype=...)`"
)


@dataclass(frozen=True)
class UnseenMove:
    call: cst.Call  # `x.to(device)`
    found: UnseenData
    batch: bool  # a part of a loader's batch (F64011's), not another tensor of such data


def unseen_moves(analysis: Analysis) -> Iterator[UnseenMove]:
    """The moves to a device that may be MPS of data of unseen dtype, with no dtype given."""
    facts, flow, data = analysis.facts, analysis.flow, analysis.data
    for call in facts.calls:
        if not flow.moves_there(call) or analysis.guards.off_mps(call) or _cast_to_integers(facts, call):
            continue
        assert isinstance(call.func, cst.Attribute)
        moved = call.func.value
        if _checked_to_be_a_module(facts, moved) or named_not_float64(moved):
            continue  # `if isinstance(value, Module): value.to(device)`: a module, not data
        if flow.cast_after_move(call) is not None:
            continue  # F64009's
        if flow.wide_value(moved) is not None or data.float64_batch(moved):
            continue  # known float64 (F64004's)
        if _known_narrow(flow.evaluation.value(moved)):
            continue  # `DataLoader(np.float32 rows)`: the evaluator knows its dtype, and it is no float64
        made = data.tensor_of_data(moved)
        batch = data.batch(moved) if made is None else None
        found = made or batch or data.recursed_part(moved)
        if found is not None and not named_not_float64(found.origin) and not used_as_index(flow, call):
            yield UnseenMove(call, found, batch is not None)


def _known_narrow(value: Value) -> bool:
    """A tensor or array known, on every path, to be of a dtype narrower than float64
    (every part of a batch's, where it is a tuple or dict of them)."""
    parts = [*value.parts, *([value.element] if value.element is not None else [])]
    if value.kind in (Kind.CONTAINER, Kind.MAPPING) and parts:
        return all(_known_narrow(part) for part in parts)
    return (value.is_array or value.kind is Kind.TENSOR) and value.known_narrow


def data_finding(
    analysis: Analysis, call: cst.Call, found: UnseenData, what: str, anchor: Optional[cst.CSTNode] = None
) -> Finding:
    """A finding that says where the data comes from: "data from parameter `x` (line 3) ..."."""
    line = analysis.facts.positions[found.origin].start.line
    return Finding(call, f"{found.described} (line {line}) {what}", anchor=anchor)


def _cast_to_integers(facts: ModuleFacts, call: cst.Call) -> bool:
    """An integer cast right after the move (`labels.to(device).long()`)."""
    parent = facts.parent(call)
    if isinstance(parent, cst.Attribute) and parent.value is call:
        outer = facts.parent(parent)
        return isinstance(outer, cst.Call) and method_name(outer) in _INTEGER_CASTS
    return False


def _checked_to_be_a_module(facts: ModuleFacts, moved: cst.BaseExpression) -> bool:
    """Is the moved name inside `if isinstance(name, Module):` (or `nn.Module`, a tuple with
    one)?"""
    if not isinstance(moved, cst.Name):
        return False
    child: cst.CSTNode = moved
    parent = facts.parent(child)
    while parent is not None and not isinstance(parent, (cst.FunctionDef, cst.Lambda)):
        if isinstance(parent, cst.If) and child is parent.body and _isinstance_of_module(parent.test, moved.value):
            return True
        child, parent = parent, facts.parent(parent)
    return False


def _isinstance_of_module(test: cst.BaseExpression, name: str) -> bool:
    if not (isinstance(test, cst.Call) and last_name(test.func) == "isinstance" and len(test.args) == 2):
        return False
    checked, types = test.args[0].value, test.args[1].value
    if not (isinstance(checked, cst.Name) and checked.value == name):
        return False
    kinds = [element.value for element in types.elements] if isinstance(types, cst.Tuple) else [types]
    return any(last_name(kind) == "Module" for kind in kinds)
