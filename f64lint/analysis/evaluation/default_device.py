"""Where torch puts a tensor made with no device: on the default device, where the code
sets one. Inside `with torch.device(d):` (or `with d:` of a device value) the calls of its
body make theirs on `d`. `torch.set_default_device(d)` sets it for the whole process from
that call on: a function of the module is read as running after it (`main()` calls a
setup helper first, then makes its tensors), code at module level only below it (what runs
at import comes before a function that sets it is called). Which functions follow the
default device is probed (domain/probed.py `makes_on_default_device`): `torch.tensor`,
`torch.zeros`, `default_collate`; not `torch.from_numpy`.
"""

from __future__ import annotations

from functools import cached_property
from typing import Callable, List, Tuple

from f64lint.analysis.domain.devices import default_device_settings, is_device_like
from f64lint.analysis.domain.probed import makes_on_default_device
from f64lint.analysis.evaluation.lattice import Kind, Value
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import keyword
from f64lint.cst import cst


class DefaultDevices:
    """The default device at each call of one module, as far as the code sets one."""

    def __init__(self, facts: ModuleFacts, value: Callable[[cst.BaseExpression], Value]) -> None:
        self.facts = facts
        self._value = value

    def at(self, call: cst.Call) -> List[cst.BaseExpression]:
        """The devices the tensor a call makes may go to, where it is given none and makes
        it on the default device: those of the innermost `with` of a device around it in
        its function, else every device the module sets as the default before it runs;
        none where the code sets none (the CPU)."""
        name = self.facts.qualified_name(call.func)
        if keyword(call, "device") is not None or name is None or not makes_on_default_device(name):
            return []
        within = self._within(call)
        if within:
            return within
        in_function = self.facts.enclosing_function(call) is not None
        line = self.facts.positions[call].start.line
        return [
            device
            for setting, device in self._settings
            if in_function
            or (self.facts.enclosing_function(setting) is None and self.facts.positions[setting].start.line < line)
        ]

    def _within(self, call: cst.Call) -> List[cst.BaseExpression]:
        child: cst.CSTNode = call
        parent = self.facts.parent(call)
        while parent is not None and not isinstance(parent, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            if isinstance(parent, cst.With) and child is parent.body:
                devices = [item.item for item in parent.items if self._is_device(item.item)]
                if devices:
                    return devices
            child, parent = parent, self.facts.parent(parent)
        return []

    def _is_device(self, node: cst.BaseExpression) -> bool:
        return self._value(node).kind is Kind.DEVICE or is_device_like(self.facts, node)

    @cached_property
    def _settings(self) -> List[Tuple[cst.Call, cst.BaseExpression]]:
        return default_device_settings(self.facts)
