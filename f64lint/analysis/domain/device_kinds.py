"""What devices an expression may denote, as far as the module shows: one without float64
(True), only devices with float64 (False), or not known (None).

Read through literals (`"cuda"`, `torch.device("mps")`), conditionals, lists and tuples,
names (each assignment that may reach them, what is appended to a list, a loop over a
literal list), functions of the module (what they return), names and calls named for CUDA
(`cuda_device`, `least_used_cuda_device()`), `None` (the default device, the CPU),
`device.type`, `args.<option>` (an argparse option's `choices`), `self.<attribute>` (what
the class and its family, the module's classes it derives from and those derived from it,
assign to it in a class body or a method), a parameter (what `@pytest.mark.parametrize`
gives it, else its default and what the module's calls pass, else a device fixture of its
name), and a tensor's or a model's own `.device` (False: its device is named where it was
made; not for a parameter's, an import's or a settings object's such as `config.device`).
"""

from __future__ import annotations

from typing import Dict, List, Mapping, Optional

from f64lint.analysis.domain.devices import any_kind, named_for_cuda, names_no_float64_device
from f64lint.analysis.domain.fixture_devices import fixture_devices
from f64lint.analysis.domain.library import OWN_DEVICE, short_names
from f64lint.analysis.domain.skips import parametrized_values
from f64lint.analysis.semantic.bindings import Binding
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.semantic.traces import kept
from f64lint.analysis.syntax.calls import MAX_TRACE_DEPTH, keyword, method_name, positional, written_out
from f64lint.analysis.syntax.nodes import assignment, descendants, last_name, own_nodes
from f64lint.cst import cst

Kind = Optional[bool]
_OWN_DEVICE = frozenset(short_names(OWN_DEVICE))
# Modules whose classes hold no device: `unittest.TestCase`, `typing.Generic`.
_PLAIN_BASES = frozenset({"unittest", "builtins", "typing", "abc"})
# Objects that hold settings, whose `.device` is a setting, not a tensor's own.
_SETTINGS_NAMES = frozenset(
    {"args", "opt", "opts", "cfg", "config", "conf", "hparams", "hp", "params", "settings", "options", "flags"}
)


class DeviceKinds:
    """The device kinds of one module's expressions (its device fixtures read once)."""

    def __init__(self, facts: ModuleFacts) -> None:
        self.facts = facts
        self._fixtures: Optional[Dict[str, bool]] = None
        self._kinds: Dict[cst.CSTNode, Kind] = {}  # of the expressions asked about
        self.traces = facts.traces.sharing()  # and of those they lead to, by depth
        # By top-level class: what its family assigns to each attribute (read once).
        self._family_attributes: Dict[cst.ClassDef, Dict[str, List[cst.BaseExpression]]] = {}

    @property
    def fixtures(self) -> Mapping[str, bool]:
        """Device fixtures by name: those of the conftest files above, then the module's own."""
        if self._fixtures is None:
            # The kinds worked out while the module's fixtures are read see only those read
            # so far (a fixture that takes another): they are dropped once all are read.
            kept, kinds = self.traces, self._kinds
            self.traces, self._kinds = kept.sharing(), {}
            self._fixtures = dict(self.facts.suite.devices)
            try:
                self._fixtures.update(fixture_devices(self.facts, self.kind))
            finally:
                self.traces, self._kinds = kept, kinds
        return self._fixtures

    def kind(self, node: cst.BaseExpression, depth: int = 0) -> Kind:
        if depth == 0:
            if node not in self._kinds:
                self._kinds[node] = self._kind(node, 0)
            return self._kinds[node]
        return self._kind(node, depth)

    @kept
    def _kind(self, node: cst.BaseExpression, depth: int) -> Kind:
        facts = self.facts
        if self.traces.beyond(depth, MAX_TRACE_DEPTH):
            return None
        if named_for_cuda(last_name(node.func if isinstance(node, cst.Call) else node)):
            return False  # `cuda_device`, `least_used_cuda_device()`
        literal = names_no_float64_device(facts, node)
        if literal is not None:
            return literal
        if isinstance(node, cst.Name):
            return False if node.value == "None" else self._name(node, depth)
        if isinstance(node, cst.Call):
            if facts.qualified_name(node.func) == "torch.device":
                args = positional(node)
                return self.kind(args[0], depth + 1) if args else None
            return self._returned(node.func, depth)
        if isinstance(node, cst.IfExp):
            return any_kind((self.kind(node.body, depth + 1), self.kind(node.orelse, depth + 1)))
        if isinstance(node, (cst.Tuple, cst.List, cst.Set)):
            return any_kind(
                None if isinstance(element, cst.StarredElement) else self.kind(element.value, depth + 1)
                for element in node.elements
            )
        if isinstance(node, cst.Attribute):
            return self._attribute(node, depth)
        return None

    def _name(self, node: cst.Name, depth: int) -> Kind:
        facts = self.facts
        binding = facts.bindings.get(node)
        if binding is None:
            return None
        added = written_out(facts.added_to(node))
        if added is None:
            return None  # `devices.extend(more)`
        kinds = [self.kind(value, depth + 1) for value in added]
        for seen in binding.reaching():
            if seen.value is not None:
                kinds.append(self.kind(seen.value, depth + 1))
            elif seen.iterated is not None and not seen.path:
                kinds.append(self.kind(seen.iterated, depth + 1))
            elif isinstance(seen.definition, cst.FunctionDef):
                kinds.append(self._function_returns(seen.definition, depth))
            elif seen.qualified_name is not None and seen.qualified_name in facts.suite.quiet:
                kinds.append(False)  # imported from a module of the suite that names no such device
            elif seen.qualified_name is None and seen.definition is None:
                kinds.append(self._parameter(node, seen, depth))
            else:
                return None
        return any_kind(kinds)

    def _parameter(self, node: cst.Name, binding: Binding, depth: int) -> Kind:
        """A parameter read in its function: what a parametrization gives it; else its
        default together with what the module's calls of the function pass (a test method
        called with its defaults, a helper called by tests); else a device fixture of that
        name."""
        entry = self.facts.parameter(binding)
        if entry is None or self.facts.enclosing_function(node) is not entry[0]:
            return None
        function, param = entry
        values = parametrized_values(self.facts, function, node.value)
        if values is not None:
            return any_kind(None if value is None else self.kind(value, depth + 1) for value in values)
        given: List[Optional[cst.BaseExpression]] = [param.default] if param.default is not None else []
        given += [passed for passed in self.facts.definitions.arguments_for(function, param)
                  if passed is not None or param.default is None]
        if given:
            return any_kind(None if value is None else self.kind(value, depth + 1) for value in given)
        return self.fixtures.get(node.value)

    def _returned(self, func: cst.BaseExpression, depth: int) -> Kind:
        binding = self.facts.bindings.get(func) if isinstance(func, cst.Name) else None
        if binding is not None and binding.qualified_name is not None:
            return False if binding.qualified_name in self.facts.suite.quiet else None
        definition = binding.definition if binding is not None else None
        return self._function_returns(definition, depth) if isinstance(definition, cst.FunctionDef) else None

    def _function_returns(self, function: cst.FunctionDef, depth: int) -> Kind:
        returned = [node.value for node in own_nodes(function.body, cst.Return)]
        if not returned:
            return None
        return any_kind(None if value is None else self.kind(value, depth + 1) for value in returned)

    def _attribute(self, node: cst.Attribute, depth: int) -> Kind:
        owner = node.value
        if node.attr.value == "type":
            return self.kind(owner, depth + 1)
        if isinstance(owner, cst.Name) and owner.value in ("self", "cls"):
            values = self._assigned_on_self(node)
            if values:
                return any_kind(self.kind(value, depth + 1) for value in values)
            return self._from_quiet_bases(node)
        root = owner
        while isinstance(root, (cst.Attribute, cst.Call, cst.Subscript)):
            root = root.func if isinstance(root, cst.Call) else root.value
        binding = self.facts.bindings.get(root) if isinstance(root, cst.Name) else None
        if binding is None:
            return None
        assert isinstance(root, cst.Name)  # a binding is only looked up for a name
        if root is owner and self._parsed_arguments(binding):
            return self._option(node.attr.value, depth)  # `args.device`: what the command line may give
        if node.attr.value not in _OWN_DEVICE or root.value.lower() in _SETTINGS_NAMES:
            return None  # `config.device`, `self.cfg.eval_device`
        if binding.qualified_name is not None:
            return False if binding.qualified_name.startswith("builtins.") else None  # `next(m.parameters()).device`
        known = (binding.value, binding.iterated, binding.unpacked, binding.part)
        return False if any(value is not None for value in known) else None

    def _from_quiet_bases(self, node: cst.Attribute) -> Kind:
        """`self.device` that no class of the module sets: False when the family derives
        from imported classes only of modules of the suite that name no such device."""
        owner = _top_level_class(self.facts, node)
        if owner is None:
            return None
        imported = [
            self.facts.qualified_name(base.value)
            for member in class_family(self.facts, owner)
            for base in member.bases
            if isinstance(base.value, (cst.Name, cst.Attribute)) and self.facts.qualified_name(base.value) is not None
        ]
        own = [name for name in imported if name is not None and name.split(".")[0] not in _PLAIN_BASES]
        return False if own and all(name in self.facts.suite.quiet for name in own) else None

    def _assigned_on_self(self, node: cst.Attribute) -> List[cst.BaseExpression]:
        """For `self.<attribute>` in a class of the module: what the class and its family
        assign to it, in a class body (`device = torch.device("cpu")`) or to
        `self.<attribute>` in a method."""
        owner = _top_level_class(self.facts, node)
        if owner is None:
            return []
        found = self._family_attributes.get(owner)
        if found is None:
            found = self._family_attributes[owner] = {}
            for member in class_family(self.facts, owner):
                for statement in descendants([member]):
                    assigned = assignment(statement)
                    for target in assigned[0] if assigned is not None else ():
                        name = _assigned_name(self.facts, target, member, statement)
                        if name is not None and assigned is not None:
                            found.setdefault(name, []).append(assigned[1])
        return found.get(node.attr.value, [])

    def option_without_mps(self, node: cst.Attribute) -> bool:
        """Is `args.device` an argparse option whose `choices` leave out MPS?"""
        owner = node.value
        binding = self.facts.bindings.get(owner) if isinstance(owner, cst.Name) else None
        return binding is not None and self._parsed_arguments(binding) and self._option(node.attr.value, 0) is False

    def _parsed_arguments(self, binding: Binding) -> bool:
        """Is a name the command line's arguments: `parser.parse_args()`, a call of the
        module's function that returns them (`args = parse_args()`), or a parameter
        annotated `argparse.Namespace` (`def run(args: argparse.Namespace)`)?"""
        value = binding.value
        if _parse_call(value):
            return True
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
            called = self.facts.bindings.get(value.func)
            function = called.definition if called is not None else None
            return isinstance(function, cst.FunctionDef) and any(
                _parse_call(node.value) for node in own_nodes(function.body, cst.Return)
            )
        entry = self.facts.parameter(binding)
        annotation = entry[1].annotation if entry is not None else None
        return annotation is not None and last_name(annotation.annotation) == "Namespace"

    def _option(self, name: str, depth: int) -> Kind:
        """The devices an argparse option may hold: its `choices` (`--device` with
        `choices=["cpu", "cuda"]`); not known without them, since a user may pass "mps"."""
        flags = {f"--{name}", f"--{name.replace('_', '-')}"}
        for call in self.facts.calls:
            if method_name(call) != "add_argument":
                continue
            given = {arg.evaluated_value for arg in positional(call) if isinstance(arg, cst.SimpleString)}
            dest = keyword(call, "dest")
            if not (given & flags or (isinstance(dest, cst.SimpleString) and dest.evaluated_value == name)):
                continue
            choices = keyword(call, "choices")
            return self.kind(choices, depth + 1) if choices is not None else None
        return None


def _parse_call(value: Optional[cst.BaseExpression]) -> bool:
    """`parser.parse_args()` (or `parse_known_args()`, unpacked)."""
    return isinstance(value, cst.Call) and method_name(value) in ("parse_args", "parse_known_args")


def class_family(facts: ModuleFacts, owner: cst.ClassDef) -> List[cst.ClassDef]:
    """A class with the module's classes it derives from and its top-level classes derived
    from it."""
    classes = [s for s in facts.module.body if isinstance(s, cst.ClassDef)]
    bases = facts.definitions.bases
    family: List[cst.ClassDef] = []
    pending = [owner]
    while pending:
        current = pending.pop()
        if current in family:
            continue
        family.append(current)
        pending.extend(bases(current))
        pending.extend(other for other in classes if current in bases(other))
    return family


def _top_level_class(facts: ModuleFacts, node: cst.CSTNode) -> Optional[cst.ClassDef]:
    current: Optional[cst.CSTNode] = node
    found: Optional[cst.ClassDef] = None
    while current is not None:
        if isinstance(current, cst.ClassDef):
            found = current
        current = facts.parent(current)
    return found if found is not None and facts.parent(found) is facts.module else None


def _assigned_name(
    facts: ModuleFacts, target: cst.BaseExpression, owner: cst.ClassDef, statement: cst.CSTNode
) -> Optional[str]:
    """The attribute `self.<name> = ...` in a method or `<name> = ...` in the class body sets."""
    if isinstance(target, cst.Attribute):
        is_self = isinstance(target.value, cst.Name) and target.value.value == "self"
        return target.attr.value if is_self else None
    if isinstance(target, cst.Name):
        line = facts.parent(statement)
        in_body = line is not None and facts.parent(facts.parent(line) or line) is owner
        return target.value if in_body else None
    return None



