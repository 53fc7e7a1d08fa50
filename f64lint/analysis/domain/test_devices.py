"""Tests that meet no device without float64: in a test module, a test (or a helper, a
fixture, a test-case class) whose every device is one with float64, or that names no device
at all, runs on the CPU or CUDA only, so the float64 in it never reaches MPS.

A test module's top-level functions, its classes (each with the classes of the module it
derives from and those derived from it, which share `self.device`) and the rest of its
module-level code are read one by one. What makes one of them meet a device that may be MPS:

- a device expression whose value may be MPS or is not known: a name like `device` or an
  attribute like `self.device` (followed to what is assigned to it: a literal, a
  `torch.device(...)`, a conditional, a loop over a literal list, a function of the module
  that returns one, or `self.device` assigned in the class's family), `device=` and
  `map_location=` arguments, `torch.set_default_device(...)`;
- the string `"mps"` anywhere, or `torch.backends.mps` / `torch.mps`;
- a trainer that picks the accelerator itself (`Trainer(...)` without a CPU or CUDA
  `accelerator=`, `accelerate.Accelerator()` without `cpu=True`): on a Mac it picks MPS.

A tensor's own `.device` (`x.device`, `x` a local) adds nothing: its device is named where
`x` was made. A helper or fixture also meets what the tests that call it or take it as a
parameter meet; the module-level code meets what any of the module meets.
"""

from __future__ import annotations

from typing import Dict, Iterator, List, Optional, Set

from f64lint.analysis.domain.devices import device_like_name, named_for_cuda, names_no_float64_device
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import MAX_TRACE_DEPTH, keyword, positional
from f64lint.analysis.syntax.nodes import code_children, last_name, own_nodes
from f64lint.cst import cst

_DEVICE_ARGUMENTS = frozenset({"device", "map_location"})
_ACCELERATORS_WITH_FLOAT64 = frozenset({"cpu", "gpu", "cuda", "tpu"})
_MPS_MODULES = ("torch.backends.mps", "torch.mps")
_OWN_DEVICE = frozenset({"device", "get_device"})  # what a tensor or a module reports


def tests_off_mps(facts: ModuleFacts) -> Iterator[cst.CSTNode]:
    """The parts of a test module (top-level functions, classes, module-level statements)
    that meet no device without float64."""
    units = _Units(facts)
    yield from units.off_mps()


class _Units:
    def __init__(self, facts: ModuleFacts) -> None:
        self.facts = facts
        body = facts.module.body
        self.functions = [s for s in body if isinstance(s, cst.FunctionDef)]
        self.classes = {s.name.value: s for s in body if isinstance(s, cst.ClassDef)}
        self.rest = [s for s in body if not isinstance(s, (cst.FunctionDef, cst.ClassDef))]
        self._clean: Dict[cst.CSTNode, bool] = {}
        self._names: Dict[cst.CSTNode, Set[str]] = {}  # what each unit reads or takes as a parameter

    def off_mps(self) -> Iterator[cst.CSTNode]:
        units: List[cst.CSTNode] = [*self.functions, *self.classes.values()]
        every_clean = [self._is_clean(unit) for unit in units]
        for function in self.functions:
            name = function.name.value
            users = [unit for unit in units if unit is not function and name in self._names[unit]]
            if self._is_clean(function) and all(self._is_clean(unit) for unit in users):
                yield function
        for owner in self.classes.values():
            if all(self._is_clean(member) for member in self._family(owner)):
                yield owner
        if all(every_clean) and not any(self._meets_mps(node) for node in _descendants(self.rest)):
            yield from self.rest

    def _is_clean(self, unit: cst.CSTNode) -> bool:
        known = self._clean.get(unit)
        if known is None:
            names: Set[str] = set()
            known = True
            for node in _descendants([unit]):
                if isinstance(node, cst.Name):
                    names.add(node.value)
                if known and self._meets_mps(node):
                    known = False
            self._clean[unit] = known
            self._names[unit] = names
        return known

    def _family(self, owner: cst.ClassDef) -> List[cst.ClassDef]:
        """A class with the module's classes it derives from and those derived from it."""
        family: List[cst.ClassDef] = []
        pending = [owner]
        while pending:
            current = pending.pop()
            if current in family:
                continue
            family.append(current)
            pending.extend(self._bases(current))
            pending.extend(other for other in self.classes.values() if current in self._bases(other))
        return family

    def _bases(self, owner: cst.ClassDef) -> List[cst.ClassDef]:
        names = [base.value.value for base in owner.bases if isinstance(base.value, cst.Name)]
        return [self.classes[name] for name in names if name in self.classes and self.classes[name] is not owner]

    # What one node says about devices -------------------------------------------------

    def _meets_mps(self, node: cst.CSTNode) -> bool:
        facts = self.facts
        if isinstance(node, cst.SimpleString):
            value = node.evaluated_value
            return isinstance(value, str) and value.split(":")[0] in facts.devices
        if isinstance(node, cst.Name):
            return (
                device_like_name(node.value)
                and facts.bindings.get(node) is not None
                and not self._only_float64_devices(node, 0)
            )
        if isinstance(node, cst.Attribute):
            qualified = facts.qualified_name(node)
            if qualified is not None and qualified.split(".")[0] == "torch":  # the API, not a device
                return qualified.startswith(_MPS_MODULES)
            return device_like_name(node.attr.value) and not self._only_float64_devices(node, 0)
        if isinstance(node, cst.Arg) and node.keyword is not None:
            name = node.keyword.value
            if name in _DEVICE_ARGUMENTS:
                return not self._only_float64_devices(node.value, 0)
            if name == "accelerator":
                return not _names_accelerator_with_float64(node.value)
            return False
        if isinstance(node, cst.Call):
            return self._call_meets_mps(node)
        return False

    def _call_meets_mps(self, call: cst.Call) -> bool:
        qualified = self.facts.qualified_name(call.func) or ""
        if qualified == "torch.set_default_device":
            args = positional(call)
            return not (args and self._only_float64_devices(args[0], 0))
        if qualified.endswith(".Trainer"):
            return keyword(call, "accelerator") is None
        if qualified == "accelerate.Accelerator":
            chosen = keyword(call, "cpu")
            return not (isinstance(chosen, cst.Name) and chosen.value == "True")
        return False

    def _only_float64_devices(self, node: cst.BaseExpression, depth: int) -> bool:
        """Is a device expression known to denote only devices that have float64 (or, for
        a tensor's `.device`, the device the tensor was made on)?"""
        facts = self.facts
        if depth > MAX_TRACE_DEPTH:
            return False
        if named_for_cuda(last_name(node.func if isinstance(node, cst.Call) else node)):
            return True  # `cuda_device`, `least_used_cuda_device()`
        literal = names_no_float64_device(facts, node)
        if literal is not None:
            return not literal
        if isinstance(node, cst.Name):
            if node.value == "None":
                return True  # the default device: the CPU
            return self._name_only_float64(node, depth)
        if isinstance(node, cst.Call):
            if facts.qualified_name(node.func) == "torch.device":
                args = positional(node)
                return bool(args) and self._only_float64_devices(args[0], depth + 1)
            return self._returns_only_float64(node.func, depth)
        if isinstance(node, cst.IfExp):
            return self._only_float64_devices(node.body, depth + 1) and self._only_float64_devices(node.orelse, depth + 1)
        if isinstance(node, (cst.Tuple, cst.List, cst.Set)):
            return all(
                not isinstance(element, cst.StarredElement) and self._only_float64_devices(element.value, depth + 1)
                for element in node.elements
            )
        if isinstance(node, cst.Attribute):
            return self._attribute_only_float64(node, depth)
        return False

    def _name_only_float64(self, node: cst.Name, depth: int) -> bool:
        binding = self.facts.bindings.get(node)
        if binding is None:
            return False
        for seen in binding.reaching():
            if seen.value is not None:
                known = self._only_float64_devices(seen.value, depth + 1)
            elif seen.iterated is not None and not seen.path:
                known = self._only_float64_devices(seen.iterated, depth + 1)
            elif isinstance(seen.definition, cst.FunctionDef):
                known = self._function_returns_only_float64(seen.definition, depth)
            else:
                known = False
            if not known:
                return False
        return True

    def _returns_only_float64(self, func: cst.BaseExpression, depth: int) -> bool:
        binding = self.facts.bindings.get(func) if isinstance(func, cst.Name) else None
        definition = binding.definition if binding is not None else None
        return isinstance(definition, cst.FunctionDef) and self._function_returns_only_float64(definition, depth)

    def _function_returns_only_float64(self, function: cst.FunctionDef, depth: int) -> bool:
        returned = [node.value for node in own_nodes(function.body, cst.Return)]
        return bool(returned) and all(
            value is not None and self._only_float64_devices(value, depth + 1) for value in returned
        )

    def _attribute_only_float64(self, node: cst.Attribute, depth: int) -> bool:
        owner = node.value
        if node.attr.value == "type":
            return self._only_float64_devices(owner, depth + 1)
        if isinstance(owner, cst.Name) and owner.value in ("self", "cls"):
            values = self._assigned_on_self(node, node.attr.value)
            return bool(values) and all(self._only_float64_devices(value, depth + 1) for value in values)
        if node.attr.value not in _OWN_DEVICE:
            return False  # `args.device`, `config.eval_device`
        # A tensor's or a model's own device (`x.device`, `next(m.parameters()).device`) is
        # named where it was made; not that of a parameter (a fixture's) or of an import.
        root = owner
        while isinstance(root, (cst.Attribute, cst.Call, cst.Subscript)):
            root = root.func if isinstance(root, cst.Call) else root.value
        binding = self.facts.bindings.get(root) if isinstance(root, cst.Name) else None
        if binding is None:
            return False
        if binding.qualified_name is not None:
            return binding.qualified_name.startswith("builtins.")  # `next(model.parameters()).device`
        return any(known is not None for known in (binding.value, binding.iterated, binding.unpacked, binding.part))

    def _assigned_on_self(self, node: cst.Attribute, attribute: str) -> List[cst.BaseExpression]:
        """What the class holding `node`, with its family, assigns to an attribute: in its
        body (`device = torch.device("cpu")`) or to `self.<attribute>` in its methods."""
        owner = self._top_level_class(node)
        if owner is None:
            return []
        values: List[cst.BaseExpression] = []
        for member in self._family(owner):
            for statement in _descendants([member]):
                if isinstance(statement, cst.Assign):
                    if any(_assigns(target.target, attribute, member, statement, self.facts) for target in statement.targets):
                        values.append(statement.value)
                elif isinstance(statement, cst.AnnAssign) and statement.value is not None:
                    if _assigns(statement.target, attribute, member, statement, self.facts):
                        values.append(statement.value)
        return values

    def _top_level_class(self, node: cst.CSTNode) -> Optional[cst.ClassDef]:
        current: Optional[cst.CSTNode] = node
        found: Optional[cst.ClassDef] = None
        while current is not None:
            if isinstance(current, cst.ClassDef):
                found = current
            current = self.facts.parent(current)
        return found if found is not None and found.name.value in self.classes else None


def _assigns(
    target: cst.BaseExpression, attribute: str, owner: cst.ClassDef, statement: cst.CSTNode, facts: ModuleFacts
) -> bool:
    """`self.<attribute> = ...` in a method, or `<attribute> = ...` in the class body."""
    if isinstance(target, cst.Attribute):
        return target.attr.value == attribute and isinstance(target.value, cst.Name) and target.value.value == "self"
    if isinstance(target, cst.Name) and target.value == attribute:
        line = facts.parent(statement)
        return line is not None and facts.parent(facts.parent(line) or line) is owner
    return False


def _names_accelerator_with_float64(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.SimpleString) and node.evaluated_value in _ACCELERATORS_WITH_FLOAT64


def _descendants(nodes: List[cst.CSTNode]) -> Iterator[cst.CSTNode]:
    pending: List[cst.CSTNode] = list(reversed(nodes))
    while pending:
        node = pending.pop()
        yield node
        pending.extend(reversed(list(code_children(node))))
