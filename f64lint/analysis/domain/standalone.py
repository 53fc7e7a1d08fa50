"""Code that runs as itself, tests and scripts, and meets no device without float64: a test
(or a helper, a fixture, a test-case class) or a script function whose every device is one
with float64, or that names no device at all, runs on the CPU or CUDA only, so the float64
in it never reaches MPS. (Library code is not read so: its callers choose the device.)

A script is a module in no package (its folder has no `__init__.py`) that runs as a
program: it is under a folder of examples, scripts, tools, benchmarks, tutorials or demos,
or has a `__main__` guard or an argument parser (the linter tells: `facts.in_script`).

The module's top-level functions, its classes (each with the classes of the module it
derives from and those derived from it, which share `self.device`) and the rest of its
module-level code are read one by one. What makes one of them meet a device that may be MPS:

- a device expression that may be MPS or whose devices are not known
  (domain/device_kinds.py): a name like `device`, an attribute like `self.device` or
  `args.device` (an argparse option: its `choices`), `device=` and `map_location=`
  arguments, `torch.set_default_device(...)`;
- the string `"mps"` anywhere, or `torch.backends.mps` / `torch.mps`;
- a trainer that picks the accelerator itself (`Trainer(...)` without a CPU or CUDA
  `accelerator=`, `accelerate.Accelerator()` without `cpu=True`): on a Mac it picks MPS.

A tensor's own `.device` (`x.device`, `x` a local) adds nothing: its device is named where
`x` was made. A helper or fixture also meets what the tests that call it or take it as a
parameter meet, a class the devices the module's code hands its objects (a script's
`__main__` block that makes a scheduler and hands its method the device); the module-level
code meets what any of the module meets. Where the module sets the default device to one
that may be MPS (`torch.set_default_device(device)`), every class it makes objects of meets
it: their tensors are made there. A function meets what the parts that call it meet,
and so on up to the module's own code (`evaluate(model, xs)` called with tensors made on the
device a `__main__` block picks).
"""

from __future__ import annotations

from functools import cached_property
from typing import Dict, FrozenSet, List, Optional, Set, Tuple

from f64lint.analysis.domain.device_kinds import DeviceKinds, class_family
from f64lint.analysis.domain.devices import (
    SETS_DEFAULT_DEVICE,
    default_device_settings,
    device_like_name,
    is_device_like,
    submodules_kept,
)
from f64lint.analysis.domain.library import MPS_MODULES
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import keyword, positional
from f64lint.analysis.syntax.nodes import attributes_assigned, descendants, is_self_attribute, own_nodes
from f64lint.cst import cst

_DEVICE_ARGUMENTS = frozenset({"device", "map_location"})
_ACCELERATORS_WITH_FLOAT64 = frozenset({"cpu", "gpu", "cuda", "tpu"})


class StandaloneParts:
    """Which top-level parts of a test module or a script meet no device without float64,
    worked out for a part when first asked (`off_mps`)."""

    def __init__(self, facts: ModuleFacts, kinds: DeviceKinds) -> None:
        self.facts = facts
        self.kinds = kinds
        self._clean: Dict[cst.CSTNode, bool] = {}
        self._off: Dict[cst.CSTNode, bool] = {}
        self._users: Optional[Dict[str, List[cst.CSTNode]]] = None
        self._given: Optional[Set[str]] = None
        self._rest_off: Optional[bool] = None

    def off_mps(self, part: cst.CSTNode) -> bool:
        """Does a top-level statement of the module meet no device without float64?"""
        known = self._off.get(part)
        if known is None:
            self._off[part] = True  # a function reached again through its own callers adds nothing
            known = self._off[part] = self._works_out(part)
        return known

    def _works_out(self, part: cst.CSTNode) -> bool:
        body = self.facts.module.body
        if isinstance(part, cst.FunctionDef):
            users = self._users_of().get(part.name.value, [])
            return self._is_clean(part) and all(self.off_mps(user) for user in users if user is not part)
        if isinstance(part, cst.ClassDef):
            family = class_family(self.facts, part)
            return all(self._is_clean(member) for member in family) and not any(
                member.name.value in self._given_devices() for member in family
            )
        if self._rest_off is None:  # module-level code meets what any part of the module meets
            rest = [s for s in body if not isinstance(s, (cst.FunctionDef, cst.ClassDef))]
            units = [s for s in body if isinstance(s, (cst.FunctionDef, cst.ClassDef))]
            self._rest_off = all(self._is_clean(unit) for unit in units) and not any(
                self._meets_mps(node) for node in descendants(rest)
            )
        return self._rest_off

    def _given_devices(self) -> Set[str]:
        """The names of the module's classes whose objects code of the module hands a device
        that may be MPS, or tensors made on one: making one (`Scheduler(device)`), or
        calling a method of one made there (`sched = Scheduler(); sched.set_timesteps(20,
        device=device)`, `Encoder().to(device)`, `GP().fit(x, y)` of `x = torch.rand(n,
        device=device)`)."""
        if self._given is None:
            self._given = set()
            for call in self.facts.calls:
                devices = [arg.value for arg in call.args if is_device_like(self.facts, arg.value)]
                devices += [device for arg in call.args for device in self._made_on(arg.value)]
                if any(self._given_may_be_mps(device) for device in devices):
                    self._given.update(made.name.value for made in self._objects_handed(call))
            if self._sets_default_device():  # an object the code makes puts its tensors there
                made = (self.facts.definitions.instantiated(call) for call in self.facts.calls)
                self._given.update(owner.name.value for owner in made if owner is not None)
            self._given |= self._kept_by(self._given)
        return self._given

    def _made_on(self, value: cst.BaseExpression) -> List[cst.BaseExpression]:
        """The devices the tensors an argument is computed from are made on, where it is bound
        to what makes them (`x` of `x = torch.rand(n, device=device) * 2`: `device`)."""
        made = [self._assigned(value)]
        calls = [node for node in descendants(made) if isinstance(node, cst.Call)]
        if isinstance(made[0], cst.Call):
            calls.append(made[0])
        return [device for call in calls if (device := keyword(call, "device")) is not None]

    def _sets_default_device(self) -> bool:
        """Does the module set the default device to one that may be MPS?"""
        return any(self._given_may_be_mps(device) for _, device in default_device_settings(self.facts))

    def _kept_as(self, holder: Optional[cst.ClassDef], attribute: str) -> List[cst.ClassDef]:
        """The module's classes whose objects a class keeps as `self.<attribute>`."""
        return [made for owner, name, made in self._kept_on_self if owner is holder and name == attribute]

    def _kept_by(self, classes: Set[str]) -> Set[str]:
        """The names of the module's classes whose objects these classes keep on `self`, and
        so on (`self.scaler = Scaler()` in a `Regressor` moved to the device: a submodule
        moves with its module)."""
        kept: Set[str] = set()
        holders = set(classes)
        while holders:
            found = {
                made.name.value
                for owner, _, made in self._kept_on_self
                if owner.name.value in holders and made.name.value not in classes | kept
            }
            kept |= found
            holders = found
        return kept

    @cached_property
    def _kept_on_self(self) -> List[Tuple[cst.ClassDef, str, cst.ClassDef]]:
        """The objects of the module's classes its classes keep on `self`: the class that
        keeps one, the attribute, and the object's class (`self.scaler = Scaler()`)."""
        kept = []
        definitions = self.facts.definitions
        for call in self.facts.calls:
            made = definitions.instantiated(call)
            attribute = _attribute_set_to(self.facts, call) if made is not None else None
            owner = definitions.enclosing_class(call) if attribute is not None else None
            if made is not None and attribute is not None and owner is not None:
                kept.append((owner, attribute, made))
        return kept

    def _objects_handed(self, call: cst.Call) -> List[cst.ClassDef]:
        """The classes of the module's objects a call hands its arguments: the one it makes,
        or the one whose method it calls, or, for a torch container's method, those of the
        submodules it keeps (`nn.Sequential(Scaler(s), head).to(device)`); and those of the
        objects among its arguments, which the code called runs with them
        (`sample(model, KarrasSchedule(), device)`)."""
        passed = [made for arg in call.args for made in self._objects_in(self._assigned(arg.value), frozenset())]
        return [*self._called_on(call), *passed]

    def _called_on(self, call: cst.Call) -> List[cst.ClassDef]:
        """The classes of the module's objects a call makes or calls a method of (`_objects_handed`)."""
        definitions = self.facts.definitions
        made = definitions.instantiated(call)
        if made is not None or not isinstance(call.func, cst.Attribute):
            return [made] if made is not None else []
        receiver = self._assigned(call.func.value)
        if is_self_attribute(receiver):  # `self.net.to(self.device)` of `self.net = Encoder(...)`
            return self._kept_as(definitions.enclosing_class(call), receiver.attr.value)
        return self._objects_in(receiver, frozenset())

    def _assigned(self, value: cst.BaseExpression) -> cst.BaseExpression:
        """What a name is bound to, where one value is (`model` of `model = Net()`)."""
        return (self.facts.assigned_value(value) or value) if isinstance(value, cst.Name) else value

    def _objects_in(self, value: cst.BaseExpression, factories: FrozenSet[int]) -> List[cst.ClassDef]:
        """The classes of the module's objects a value is or keeps: one it makes
        (`Encoder()`), the submodules a torch container keeps (`nn.Sequential(Scaler(s),
        head)`), or those a function of the module returns (`build_model(s)`)."""
        if not isinstance(value, cst.Call):
            return []
        definitions = self.facts.definitions
        made = definitions.instantiated(value)
        if made is not None:
            return [made]
        factory = definitions.callee(value)
        if factory is not None and id(factory) not in factories:
            returned = [exit.value for exit in own_nodes(factory.body, cst.Return) if exit.value is not None]
            return [found for given in returned for found in self._objects_in(given, factories | {id(factory)})]
        modules = [module for module in submodules_kept(self.facts, value) if isinstance(module, cst.Call)]
        kept = (definitions.instantiated(module) for module in modules)
        return [made for made in kept if made is not None]

    def _users_of(self) -> Dict[str, List[cst.CSTNode]]:
        """By function name: the top-level parts that call a function of the module, read
        it as a value (which they may call, or hand on: `map(f, xs)`, `@timed`, which
        runs its wrapper where the function decorated runs) or take it as a fixture (a
        parameter of its name)."""
        if self._users is None:
            self._users = {}
            facts = self.facts
            for name, binding in facts.bindings.items():
                function = binding.definition if binding is not None else None
                if function is not None and facts.top_level_functions.get(name.value) is function:
                    self._users.setdefault(name.value, []).append(self._top_level(name))
            for function in facts.functions:
                for param in function.params.params:
                    if param.name.value in facts.top_level_functions:
                        self._users.setdefault(param.name.value, []).append(self._top_level(function))
        return self._users

    def _top_level(self, node: cst.CSTNode) -> cst.CSTNode:
        current = node
        while True:
            parent = self.facts.parent(current)
            if parent is None or parent is self.facts.module:
                return current
            current = parent

    def _is_clean(self, unit: cst.CSTNode) -> bool:
        known = self._clean.get(unit)
        if known is None:
            parameters: Set[cst.Name] = set()  # a parameter's name is no device: its reads are
            known = True
            for node in descendants([unit]):
                if isinstance(node, cst.Param):
                    parameters.add(node.name)
                elif node not in parameters and self._meets_mps(node):
                    known = False
                    break
            self._clean[unit] = known
        return known

    def _meets_mps(self, node: cst.CSTNode) -> bool:
        """Does a node name a device that may be MPS, or one not known?"""
        facts = self.facts
        if isinstance(node, cst.SimpleString):
            value = node.evaluated_value
            return isinstance(value, str) and value.split(":")[0] in facts.devices
        if isinstance(node, cst.Name):
            return device_like_name(node.value) and facts.bindings.get(node) is not None and self._may_be_mps(node)
        if isinstance(node, cst.Attribute):
            qualified = facts.qualified_name(node)
            if qualified is not None and qualified.split(".")[0] == "torch":  # the API, not a device
                return qualified.startswith(MPS_MODULES)
            return device_like_name(node.attr.value) and self._may_be_mps(node)
        if isinstance(node, cst.Arg) and node.keyword is not None:
            name = node.keyword.value
            if name in _DEVICE_ARGUMENTS:
                return self._may_be_mps(node.value)
            if name == "accelerator":
                return not _names_accelerator_with_float64(node.value)
            return False
        if isinstance(node, cst.Call):
            return self._call_meets_mps(node)
        return False

    def _may_be_mps(self, node: cst.BaseExpression) -> bool:
        return self.kinds.kind(node) is not False

    def _given_may_be_mps(self, device: cst.BaseExpression) -> bool:
        """May a device handed to an object be MPS: in a test, where the test says so (a
        test case's `self.device` set to the CPU, or not known, is not)?"""
        kind = self.kinds.kind(device)
        return kind is True if self.facts.in_tests else kind is not False

    def _call_meets_mps(self, call: cst.Call) -> bool:
        qualified = self.facts.qualified_name(call.func) or ""
        if qualified == SETS_DEFAULT_DEVICE:
            args = positional(call)
            return not args or self._may_be_mps(args[0])
        if qualified.endswith(".Trainer"):
            return keyword(call, "accelerator") is None
        if qualified == "accelerate.Accelerator":
            chosen = keyword(call, "cpu")
            return not (isinstance(chosen, cst.Name) and chosen.value == "True")
        return False


def _attribute_set_to(facts: ModuleFacts, value: cst.Call) -> Optional[str]:
    """`scaler` of `self.scaler = value`; None where the value is not kept on `self` so."""
    on_self = [target for target in attributes_assigned(facts.parent(value), value) if is_self_attribute(target)]
    return on_self[0].attr.value if on_self else None


def _names_accelerator_with_float64(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.SimpleString) and node.evaluated_value in _ACCELERATORS_WITH_FLOAT64
