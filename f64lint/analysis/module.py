"""What every rule asks about a module, recorded by one walk (analysis/walk.py).

The walk records, for each name read, the binding it sees; each node's parent; every call
(in source order); every parameter default; and the calls in code that cannot run on MPS. Rules never walk the tree themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Dict, FrozenSet, List, Mapping, Optional, Set

from f64lint.analysis.bindings import Binding
from f64lint.analysis.devices import NO_FLOAT64_DEVICES
from f64lint.analysis.positions import StatementPositions
from f64lint.analysis.walk import Walker
from f64lint.cst import cst

if TYPE_CHECKING:
    from f64lint.analysis.containment import Containment
    from f64lint.analysis.flow import Flow


@dataclass
class ModuleFacts:
    module: cst.Module
    parents: Dict[cst.CSTNode, cst.CSTNode] = field(default_factory=dict)
    bindings: Dict[cst.Name, Optional[Binding]] = field(default_factory=dict)
    calls: List[cst.Call] = field(default_factory=list)
    defaults: List[cst.Param] = field(default_factory=list)
    # Calls in code that never runs on MPS, or whose failure there is handled:
    # `with torch.device("cpu"):` blocks, the branches an MPS test keeps MPS out of
    # (`if x.device.type != "mps":`), and `try:` bodies whose handler catches MPS's error.
    off_mps_calls: Set[cst.Call] = field(default_factory=set)
    # Device types without float64 (`mps`, and what `no-float64-devices` adds).
    devices: FrozenSet[str] = NO_FLOAT64_DEVICES
    # The text the module was parsed from, when known (else its code is generated).
    text: Optional[str] = None

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
    def positions(self) -> Mapping[cst.CSTNode, cst.metadata.CodeRange]:
        # Only files with a finding pay for positions, and only for its statements.
        return StatementPositions(self.module, self.parents, self.source)

    @cached_property
    def top_level_functions(self) -> Dict[str, cst.FunctionDef]:
        """The module's own functions, by name (the last of a name wins, as in Python)."""
        return {s.name.value: s for s in self.module.body if isinstance(s, cst.FunctionDef)}

    @cached_property
    def source(self) -> str:
        return self.text if self.text is not None else self.module.code

    @cached_property
    def flow(self) -> "Flow":
        """Data flow (which values are float64, which devices may be MPS), on demand."""
        from f64lint.analysis.flow import Flow  # it builds on the analyses that import this module

        return Flow(self, self.devices)

    @cached_property
    def containment(self) -> "Containment":
        """Where float64 made on the CPU goes (analysis/containment.py), on demand."""
        from f64lint.analysis.containment import Containment

        return Containment(self)

    def enclosing_function(self, node: cst.CSTNode) -> Optional[cst.FunctionDef]:
        """The function whose body holds `node`; None at module or class level and in lambdas."""
        current = self.parents.get(node)
        while current is not None:
            if isinstance(current, cst.FunctionDef):
                return current
            if isinstance(current, (cst.Lambda, cst.ClassDef)):
                return None
            current = self.parents.get(current)
        return None

    def statement(self, node: cst.CSTNode) -> Optional[cst.CSTNode]:
        """The simple statement line holding `node`, if it is in one."""
        current: Optional[cst.CSTNode] = node
        while current is not None and not isinstance(current, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            if isinstance(current, cst.BaseCompoundStatement):
                return current
            current = self.parents.get(current)
        return current

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


def analyse(module: cst.Module, devices: FrozenSet[str] = NO_FLOAT64_DEVICES, text: Optional[str] = None) -> ModuleFacts:
    """`text`, the source the module was parsed from, spares generating its code again."""
    facts = ModuleFacts(module=module, devices=devices, text=text)
    walker = Walker(facts)
    walker.walk(module, None)
    walker.finish()
    return facts
