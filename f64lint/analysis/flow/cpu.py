"""Tensors that are provably on the CPU, followed through the module: what a float64
cast or factory does there never reaches MPS.

A tensor is on the CPU when it is:
- moved there (`x.cpu()`, `x.to("cpu")`), or made by a torch factory given no device, or
  the CPU (`torch.zeros(3)`, `torch.arange(n, device=x.device)` of a CPU `x`; a `*_like`
  factory follows its model), or by `torch.tensor` and `torch.from_numpy`;
- the result of a method or an operator on CPU tensors (`x.sigmoid() >= t`, `a & b`,
  `x[:, i]`, `x.values`), or of a torch function whose tensor arguments all are
  (`torch.cat(self.outputs)`, `torch.where(m, a, b)`);
- a name every assignment reaching it gives one; a parameter every call of its function in
  the module passes one (and that has calls); an attribute `self.x` every assignment and
  every `self.x.append(...)` in the class gives one, or lists of them; what a function of
  the module always returns, when it is one.
Python numbers in an operation do not count (`0.5 * x`). Followed to a bounded depth.

A name the code moves to the CPU when it is on MPS (`if x.device.type == "mps": x =
x.cpu()`) is never on MPS after that: it counts as on the CPU on purpose, since what the
rules ask is whether MPS can hold it (pytorch-ood's `_float64()` helper).

A tensor made on the CPU only by default (a factory given no device) may be moved later,
as any new tensor may: `on_cpu` asks for one whose every origin is on the CPU and at least
one was put there on purpose (`.cpu()`, `device="cpu"`, NumPy data), as code that computes
metrics or references on the CPU does.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Set, Tuple

from f64lint.analysis.domain.casts import DEFAULT_DTYPE_FACTORIES
from f64lint.analysis.domain.devices import is_cpu_device, moves_to_cpu, true_on_mps
from f64lint.analysis.domain.dtypes import dtype_of
from f64lint.analysis.domain.library import COPIED_TO_THE_CPU, NUMBER_BUILTINS, TENSOR_MOVES, short_names
from f64lint.analysis.flow.values import Flow
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.semantic.traces import kept
from f64lint.analysis.syntax.calls import MAX_TRACE_DEPTH, argument_for, keyword, method_name, positional
from f64lint.analysis.syntax.nodes import descendants
from f64lint.cst import cst

_DEPTH = MAX_TRACE_DEPTH * 3
_MOVES = frozenset(short_names(TENSOR_MOVES))
_NUMBER_BUILTINS = frozenset(short_names(NUMBER_BUILTINS))


_UNKNOWN, _BY_DEFAULT, _ON_PURPOSE = 0, 1, 2  # where a tensor is, as far as the code shows


class CpuTensors:
    """For one module: which tensor expressions are on the CPU (results cached)."""

    def __init__(self, facts: ModuleFacts, flow: Flow) -> None:
        self.facts = facts
        self.flow = flow
        self._known: Dict[cst.CSTNode, int] = {}
        self._open: Set[cst.CSTNode] = set()  # being worked out: a cycle is no proof
        # Every answer by (node, depth), each worked out once (`_works_out`). One that met a
        # cycle is kept too: a cycle is unknown, and so is whatever has an unknown part
        # (`_all`, or the part's own answer), so such an answer is unknown however the node
        # is reached.
        self.traces = facts.traces.sharing()

    def on_cpu(self, node: cst.BaseExpression) -> bool:
        """Is a tensor on the CPU, put there on purpose somewhere along the way?"""
        return self._where(node, 0) == _ON_PURPOSE

    def device_on_cpu(self, node: cst.BaseExpression) -> bool:
        """A device expression that is the CPU: `"cpu"`, or `x.device` of a CPU tensor."""
        return self._device(node, 0) == _ON_PURPOSE

    def _device(self, node: cst.BaseExpression, depth: int) -> int:
        if is_cpu_device(self.facts, node):
            return _ON_PURPOSE
        if isinstance(node, cst.Attribute) and node.attr.value == "device":
            return self._where(node.value, depth + 1)
        return _UNKNOWN

    def _where(self, node: cst.BaseExpression, depth: int) -> int:
        if node in self._known:
            return self._known[node]
        if depth > _DEPTH or node in self._open:
            return _UNKNOWN
        self._open.add(node)
        try:
            found = self._works_out(node, depth)
        finally:
            self._open.discard(node)
        if depth == 0 or found:
            self._known[node] = found
        return found

    @kept
    def _works_out(self, node: cst.BaseExpression, depth: int) -> int:
        if isinstance(node, cst.Call):
            return self._call(node, depth)
        if isinstance(node, cst.Name):
            return self._name(node, depth)
        if isinstance(node, cst.Attribute):
            if isinstance(node.value, cst.Name) and node.value.value == "self":
                return self._all(self._held_by_self(node), depth)
            if self.facts.qualified_name(node) is not None:
                return _UNKNOWN
            return self._where(node.value, depth + 1)  # `x.values`
        if isinstance(node, cst.Subscript):
            return self._where(node.value, depth + 1)
        if isinstance(node, (cst.BinaryOperation, cst.BooleanOperation)):
            return self._all([operand for operand in (node.left, node.right) if not self._is_number(operand)], depth)
        if isinstance(node, cst.Comparison):
            return self._where(node.left, depth + 1)
        if isinstance(node, cst.UnaryOperation):
            return self._where(node.expression, depth + 1)
        if isinstance(node, cst.IfExp):
            return self._all([node.body, node.orelse], depth)
        if isinstance(node, (cst.List, cst.Tuple)):
            return self._all([element.value for element in node.elements], depth)
        if isinstance(node, (cst.ListComp, cst.GeneratorExp)):
            return self._where(node.elt, depth + 1)
        return _UNKNOWN

    def _call(self, call: cst.Call, depth: int) -> int:
        facts = self.facts
        if moves_to_cpu(facts, call):
            return _ON_PURPOSE
        qualified = facts.qualified_name(call.func)
        device = keyword(call, "device")
        if qualified in DEFAULT_DTYPE_FACTORIES or qualified in COPIED_TO_THE_CPU:
            if device is not None:
                return self._device(device, depth)
            args = positional(call)
            if qualified.endswith("_like"):
                return self._where(args[0], depth + 1) if args else _UNKNOWN
            return _ON_PURPOSE if qualified == "torch.from_numpy" else _BY_DEFAULT
        if qualified is not None and qualified.startswith("torch.") and qualified.count(".") == 1:
            tensors = [arg.value for arg in call.args if arg.keyword is None and not _is_literal(arg.value)]
            return self._all(tensors, depth) if device is None else _UNKNOWN
        method = method_name(call)
        if method is not None and qualified is None:
            assert isinstance(call.func, cst.Attribute)
            if method in _MOVES:
                moved = positional(call)[0] if positional(call) else device
                if moved is not None and dtype_of(facts, moved) is None:
                    return _UNKNOWN  # moved to a device
            return self._where(call.func.value, depth + 1)
        function = facts.top_level_functions.get(call.func.value) if isinstance(call.func, cst.Name) else None
        if function is not None:
            return self._all(list(self.flow.returned_values(function)), depth)
        return _UNKNOWN

    def _name(self, node: cst.Name, depth: int) -> int:
        values = self.facts.reaching_values(node)
        if self._only_moved_off_mps(values, node.value):
            return _ON_PURPOSE
        if values and all(value is not None for value in values):
            return self._all([value for value in values if value is not None], depth)
        param = self._parameter(node)
        if param is None:
            return _UNKNOWN
        function, found = param
        calls = self.facts.definitions.call_sites(function)
        passed = [argument_for(function, found, call) for call in calls]
        if not calls or any(value is None for value in passed):
            return _UNKNOWN
        return self._all([value for value in passed if value is not None], depth)

    def _is_number(self, node: cst.BaseExpression) -> bool:
        """A Python number: a literal, a parameter annotated `int` or `float`, or a name
        every value of which is one or a builtin's number (`len(x)`, `int(s)`)."""
        if _is_literal(node):
            return True
        if not isinstance(node, cst.Name):
            return False
        entry = self._parameter(node)
        if entry is not None:
            annotation = entry[1].annotation
            return annotation is not None and isinstance(annotation.annotation, cst.Name) and (
                annotation.annotation.value in ("int", "float")
            )
        values = self.facts.reaching_values(node)
        return bool(values) and all(
            value is not None
            and (_is_literal(value) or (isinstance(value, cst.Call) and isinstance(value.func, cst.Name)
                 and value.func.value in _NUMBER_BUILTINS))
            for value in values
        )

    def _only_moved_off_mps(self, values: List[Optional[cst.BaseExpression]], name: str) -> bool:
        """Of the values of `x` that reach a read: one moved to the CPU by `if x.device.type
        == "mps": x = x.cpu()`, and every other one bound before that test (so the test
        found it off MPS); not one bound after it (`x = x.to(device)`)."""
        moved = [value for value in values if value is not None and self._moved_off_mps(value, name)]
        if not moved:
            return False
        tested = self.facts.positions[moved[0]].start.line
        return all(
            value is None or value in moved or self.facts.positions[value].start.line < tested for value in values
        )

    def _moved_off_mps(self, value: cst.BaseExpression, name: str) -> bool:
        """`x = x.cpu()` as the whole body of `if x.device.type == "mps":` (no `else`)."""
        if not (isinstance(value, cst.Call) and moves_to_cpu(self.facts, value)):
            return False
        parent = self.facts.parent
        assign = parent(value)
        line = parent(assign) if isinstance(assign, cst.Assign) else None
        block = parent(line) if isinstance(line, cst.SimpleStatementLine) else None
        branch = parent(block) if isinstance(block, cst.IndentedBlock) else None
        return (
            isinstance(branch, cst.If)
            and branch.orelse is None
            and true_on_mps(self.facts, branch.test)
            and any(isinstance(node, cst.Name) and node.value == name for node in descendants([branch.test]))
        )

    def _parameter(self, node: cst.Name) -> Optional[Tuple[cst.FunctionDef, cst.Param]]:
        """The function and parameter a name reads, when it reads the parameter's own binding
        in that function."""
        entry = self.facts.parameter(self.facts.bindings.get(node))
        return entry if entry is not None and self.facts.enclosing_function(node) is entry[0] else None

    def _held_by_self(self, node: cst.Attribute) -> List[cst.BaseExpression]:
        """What `self.<name>` holds: the values assigned to it, and for a list (`[]`) the
        values appended to it instead."""
        assigned = self.flow.set_on(node) or []
        held = [value for value in assigned if not (isinstance(value, cst.List) and not value.elements)]
        appended = [
            call.args[0].value
            for call in self.facts.calls
            if method_name(call) == "append"
            and call.args
            and isinstance(call.func, cst.Attribute)
            and isinstance(call.func.value, cst.Attribute)
            and isinstance(call.func.value.value, cst.Name)
            and call.func.value.value.value == "self"
            and call.func.value.attr.value == node.attr.value
        ]
        return held + appended if assigned else []

    def _all(self, values: List[cst.BaseExpression], depth: int) -> int:
        """Where several tensors are together: on the CPU if each is, on purpose if one is."""
        if not values:
            return _UNKNOWN
        found = [self._where(value, depth + 1) for value in values]
        if _UNKNOWN in found:
            return _UNKNOWN
        return _ON_PURPOSE if _ON_PURPOSE in found else _BY_DEFAULT


def _is_literal(node: cst.BaseExpression) -> bool:
    """A number or a string: no tensor."""
    return isinstance(node, (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString))
