"""One walk over a module that records what every rule asks about.

The walk records, for each name read, the binding it sees; each node's parent; every call
(in source order); every parameter default; and the calls made inside
`with torch.device("cpu"):`. Rules never walk the tree themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Dict, List, Mapping, Optional, Set

import libcst as cst
from libcst.metadata import CodeRange, MetadataWrapper, PositionProvider

from f64lint.analysis.devices import is_cpu_device
from f64lint.analysis.bindings import (
    UNKNOWN_LOCAL,
    Binding,
    ScopeStack,
    import_bindings,
    import_from_bindings,
    target_names,
)


@dataclass
class ModuleFacts:
    module: cst.Module
    parents: Dict[cst.CSTNode, cst.CSTNode] = field(default_factory=dict)
    bindings: Dict[cst.Name, Optional[Binding]] = field(default_factory=dict)
    calls: List[cst.Call] = field(default_factory=list)
    defaults: List[cst.Param] = field(default_factory=list)
    cpu_block_calls: Set[cst.Call] = field(default_factory=set)

    def qualified_name(self, node: cst.CSTNode) -> Optional[str]:
        """`torch.float64` for `th.float64` after `import torch as th`; None if not an import."""
        if isinstance(node, cst.Name):
            binding = self.bindings.get(node)
            return binding.qualified_name if binding is not None else None
        if isinstance(node, cst.Attribute):
            base = self.qualified_name(node.value)
            return f"{base}.{node.attr.value}" if base is not None else None
        return None

    def assigned_value(self, node: cst.CSTNode) -> Optional[cst.BaseExpression]:
        """The expression last assigned to a local name before this read, if simple."""
        if not isinstance(node, cst.Name):
            return None
        binding = self.bindings.get(node)
        return binding.value if binding is not None else None

    def parent(self, node: cst.CSTNode) -> Optional[cst.CSTNode]:
        return self.parents.get(node)

    @cached_property
    def positions(self) -> Mapping[cst.CSTNode, CodeRange]:
        # Only files with a finding pay for positions.
        wrapper = MetadataWrapper(self.module, unsafe_skip_copy=True)
        return wrapper.resolve(PositionProvider)

    def statement_end_line(self, node: cst.CSTNode) -> int:
        """The last line of the simple statement holding `node` (a `# noqa` may sit there)."""
        current: Optional[cst.CSTNode] = node
        while current is not None:
            if isinstance(current, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
                return self.positions[current].end.line
            if isinstance(current, cst.BaseCompoundStatement):
                break
            current = self.parents.get(current)
        return self.positions[node].end.line


def analyse(module: cst.Module) -> ModuleFacts:
    facts = ModuleFacts(module=module)
    module.visit(_FactCollector(facts))
    return facts


class _FactCollector(cst.CSTVisitor):
    def __init__(self, facts: ModuleFacts) -> None:
        super().__init__()
        self.facts = facts
        self.scopes = ScopeStack()
        self.stack: List[cst.CSTNode] = []
        self.cpu_depth = 0

    # Generic bookkeeping -------------------------------------------------------------

    def on_visit(self, node: cst.CSTNode) -> bool:
        if self.stack:
            parent = self.stack[-1]
            self.facts.parents[node] = parent
            if isinstance(node, cst.Name) and not (
                isinstance(parent, cst.Attribute) and parent.attr is node
            ):
                self.facts.bindings[node] = self.scopes.lookup(node.value)
        self.stack.append(node)
        return super().on_visit(node)

    def on_leave(self, original_node: cst.CSTNode) -> None:
        super().on_leave(original_node)
        self.stack.pop()

    def visit_Call(self, node: cst.Call) -> None:
        self.facts.calls.append(node)
        if self.cpu_depth:
            self.facts.cpu_block_calls.add(node)

    def visit_Param(self, node: cst.Param) -> None:
        if node.default is not None:
            self.facts.defaults.append(node)

    # Imports and assignments ---------------------------------------------------------

    def visit_Import(self, node: cst.Import) -> None:
        for name, binding in import_bindings(node).items():
            self.scopes.bind(name, binding)

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        bound, star_module = import_from_bindings(node)
        for name, binding in bound.items():
            self.scopes.bind(name, binding)
        if star_module is not None:
            self.scopes.bind_star(star_module)

    def leave_Assign(self, original_node: cst.Assign) -> None:
        for target in original_node.targets:
            self._bind_target(target.target, original_node.value)

    def leave_AnnAssign(self, original_node: cst.AnnAssign) -> None:
        if original_node.value is not None:
            self._bind_target(original_node.target, original_node.value)

    def leave_AugAssign(self, original_node: cst.AugAssign) -> None:
        # `a *= 2.0` keeps what `a` was; it only stops meaning an imported module.
        if isinstance(original_node.target, cst.Name):
            name = original_node.target.value
            current = self.scopes.lookup(name)
            if current is None or current.qualified_name is not None:
                self.scopes.bind(name, UNKNOWN_LOCAL)

    def leave_NamedExpr(self, original_node: cst.NamedExpr) -> None:
        self._bind_target(original_node.target, original_node.value)

    def _bind_target(self, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name):
            self.scopes.bind(target.value, Binding(value=value))
            return
        for name in target_names(target):
            self.scopes.bind(name, UNKNOWN_LOCAL)

    def _bind_unknown(self, target: Optional[cst.CSTNode]) -> None:
        if isinstance(target, cst.BaseExpression):
            for name in target_names(target):
                self.scopes.bind(name, UNKNOWN_LOCAL)

    def visit_For_body(self, node: cst.For) -> None:
        self._bind_unknown(node.target)

    def visit_With_body(self, node: cst.With) -> None:
        for item in node.items:
            if item.asname is not None:
                self._bind_unknown(item.asname.name)
        if any(is_cpu_device(self.facts, item.item) for item in node.items):
            self.cpu_depth += 1

    def leave_With_body(self, node: cst.With) -> None:
        if any(is_cpu_device(self.facts, item.item) for item in node.items):
            self.cpu_depth -= 1

    def visit_ExceptHandler_body(self, node: cst.ExceptHandler) -> None:
        if node.name is not None:
            self._bind_unknown(node.name.name)

    def visit_MatchAs(self, node: cst.MatchAs) -> None:
        self._bind_unknown(node.name)

    def visit_MatchStar(self, node: cst.MatchStar) -> None:
        self._bind_unknown(node.name)

    def visit_MatchMapping(self, node: cst.MatchMapping) -> None:
        self._bind_unknown(node.rest)

    # Scopes --------------------------------------------------------------------------

    def visit_FunctionDef_body(self, node: cst.FunctionDef) -> None:
        self.scopes.push()
        self._bind_params(node.params)

    def leave_FunctionDef_body(self, node: cst.FunctionDef) -> None:
        self.scopes.pop()

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.scopes.bind(original_node.name.value, UNKNOWN_LOCAL)

    def visit_Lambda_body(self, node: cst.Lambda) -> None:
        self.scopes.push()
        self._bind_params(node.params)

    def leave_Lambda_body(self, node: cst.Lambda) -> None:
        self.scopes.pop()

    def visit_ClassDef_body(self, node: cst.ClassDef) -> None:
        self.scopes.push(is_class=True)

    def leave_ClassDef_body(self, node: cst.ClassDef) -> None:
        self.scopes.pop()

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        self.scopes.bind(original_node.name.value, UNKNOWN_LOCAL)

    def _bind_params(self, params: cst.Parameters) -> None:
        every = [*params.posonly_params, *params.params, *params.kwonly_params]
        for star in (params.star_arg, params.star_kwarg):
            if isinstance(star, cst.Param):
                every.append(star)
        for param in every:
            self.scopes.bind(param.name.value, UNKNOWN_LOCAL)

    def _enter_comprehension(self, node: cst.BaseComp) -> None:
        self.scopes.push()
        # The element is visited before its `for` clauses, so bind their targets first.
        clause: Optional[cst.CompFor] = node.for_in
        while clause is not None:
            self._bind_unknown(clause.target)
            clause = clause.inner_for_in

    def visit_ListComp(self, node: cst.ListComp) -> None:
        self._enter_comprehension(node)

    def leave_ListComp(self, original_node: cst.ListComp) -> None:
        self.scopes.pop()

    def visit_SetComp(self, node: cst.SetComp) -> None:
        self._enter_comprehension(node)

    def leave_SetComp(self, original_node: cst.SetComp) -> None:
        self.scopes.pop()

    def visit_DictComp(self, node: cst.DictComp) -> None:
        self._enter_comprehension(node)

    def leave_DictComp(self, original_node: cst.DictComp) -> None:
        self.scopes.pop()

    def visit_GeneratorExp(self, node: cst.GeneratorExp) -> None:
        self._enter_comprehension(node)

    def leave_GeneratorExp(self, original_node: cst.GeneratorExp) -> None:
        self.scopes.pop()
