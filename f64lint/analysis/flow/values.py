"""Data flow: which values are float64 (or complex128), where they were made, and which
device expressions may be MPS.

What a value is, the evaluator says (evaluation/evaluator.py: names and every value that
may reach them, `self` attributes, the module's functions, library calls, casts,
arithmetic, containers). This module names a float64 or complex128 tensor after where it
was made, for messages and fixes: the call that made it, with the dtype it spells
(`torch.zeros(dtype=torch.float64)`, `.double()`), or the module of the run that exports
it; and it follows such tensors to the moves that take them to a device.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Callable, Dict, FrozenSet, Iterable, Iterator, List, Optional, Sequence, Set, Tuple, cast

from f64lint.analysis.domain.arrays import ArraySource, has_float_literal
from f64lint.analysis.domain.casts import (
    CONVERTING_METHODS,
    KEEP_RECEIVER_DTYPE,
    KEEP_TENSOR_DTYPE,
    cast_after,
    casts_like,
    casts_narrow,
    casts_to_chosen_dtype,
    stops_float64,
)
from f64lint.analysis.domain.devices import (
    device_like_name,
    following_calls,
    has_no_mps_backend,
    is_cpu_device,
    is_device_like,
    submodules_kept,
)
from f64lint.analysis.domain.dtypes import Width, dtype_of, mentions_device, tests_a_dtype
from f64lint.analysis.domain.guards import Guards
from f64lint.analysis.domain.library import (
    DATA_DEVICES,
    DEFAULT_FLOAT_FACTORIES,
    MODULE_GIVES_ITSELF_UNCAST,
    MODULE_STATE,
    TENSOR_TYPE,
    Returns,
    functions,
    is_layer,
)
from f64lint.analysis.domain.probed import input_independent, keeps_float_dtype
from f64lint.analysis.evaluation.classes import class_nodes
from f64lint.analysis.evaluation.evaluator import Evaluator
from f64lint.analysis.evaluation.lattice import UNKNOWN, Dtype, Kind, Place, Value, join
from f64lint.analysis.evaluation.structure import object_class, passed_as_read
from f64lint.analysis.project.exports import NONE_PASSED, OBJECT, OFF_MPS_PASSED, Export, Imported
from f64lint.analysis.project.observed import Observed
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.semantic.traces import kept
from f64lint.analysis.syntax.calls import (
    MAX_TRACE_DEPTH,
    data_argument,
    is_super_call,
    keyword,
    method_name,
    moved_to,
    passed_as,
    positional,
)
from f64lint.analysis.syntax.nodes import (
    attributes_assigned,
    code_children,
    descendants,
    dotted_name,
    is_self_attribute,
    own_nodes,
)
from f64lint.cst import cst


@dataclass(frozen=True)
class WideValue:
    """A float64 or complex128 value and the expression that made it."""

    origin: cst.CSTNode
    made_by: str  # for messages: `torch.from_numpy`, `.double()`, `torch.arange(dtype=torch.float64)`
    width: Width
    # Every expression that made a part of the value (`torch.stack([h, w])` has two).
    sources: Tuple[cst.CSTNode, ...] = ()
    # When the value comes from another module (a function it imports, a name): its export.
    imported: Optional[Export] = None

    def all_sources(self) -> Tuple[cst.CSTNode, ...]:
        return self.sources or (self.origin,)


def merged(values: Iterable[Optional[WideValue]]) -> Optional[WideValue]:
    """The first wide value, knowing the sources of all of them."""
    found = [value for value in values if value is not None]
    if not found:
        return None
    sources = tuple(dict.fromkeys(source for value in found for source in value.all_sources()))
    return replace(found[0], sources=sources)


# The table's torch functions and tensor methods (by qualified name) that keep a dtype.
_KEEP_DTYPE = KEEP_TENSOR_DTYPE | {f"{TENSOR_TYPE}.{m}" for m in KEEP_RECEIVER_DTYPE}
# The dtypes MPS lacks, with the widths rows and findings name them by.
WIDE_DTYPES = {Dtype.FLOAT64: Width.FLOAT64, Dtype.COMPLEX128: Width.COMPLEX128}


TENSOR_OF_DATA = functions("torch", Returns.DATA_DTYPE)


def keeps_dtype(qualified: Optional[str]) -> bool:
    """Does a torch function or tensor method give a tensor of its tensors' dtype: as the
    library table says (`torch.meshgrid`, `torch.Tensor.chunk`: what probing cannot
    reach), or as the probe saw it keep a float tensor's dtype (`torch.logcumsumexp`)?"""
    return qualified is not None and (qualified in _KEEP_DTYPE or keeps_float_dtype(qualified))


class Flow:
    """Answers flow questions for one module; results are cached per node."""

    def __init__(
        self, facts: ModuleFacts, guards: Guards, imported: Imported = Imported(), observed: Observed = Observed()
    ):
        self.facts = facts
        self.guards = guards
        self.imported = imported
        self.observed = observed
        self.devices = facts.devices
        self.traces = facts.traces.sharing()  # its answers depend on `imported` too
        # What the evaluator asks the flow, through a reference that does not keep the
        # flow alive: no cycle holds the module's tree after its analysis is dropped.
        flow = weakref.proxy(self)
        self.evaluation = Evaluator(
            facts,
            guards,
            lambda node: flow.callees(node),
            lambda node: flow.imported_export(node),
            lambda node: flow.seen_float64(node),
            lambda function, param: flow.passed_in(function, param),
            lambda node: flow.imported_parts(node),
            lambda node: flow.imported_keys(node),
            lambda node: flow.imported_through(node),
            lambda node: flow.imported_object(node),
            lambda function, param: flow.passed_class(function, param),
            lambda node: flow.imported_dataset_keys(node),
            lambda name: flow.imported.saved_to(name),
            lambda node: flow.imported_value(node),
        )
        self._wide: Dict[cst.CSTNode, Optional[WideValue]] = {}
        self._moves: Optional[List[Tuple[cst.Call, WideValue]]] = None
        self._origins: Optional[Set[int]] = None
        self._returned_values: Dict[cst.FunctionDef, Tuple[cst.BaseExpression, ...]] = {}
        self._read_on_self: Dict[cst.ClassDef, Dict[str, List[cst.Attribute]]] = {}

    # Devices ---------------------------------------------------------------------------

    def made_on_default_device(self, call: cst.Call) -> bool:
        """Does a call given no device make its tensor on a default device that may be MPS
        (after `torch.set_default_device(device)`, inside `with torch.device(device):`)?
        Then, as with `device=device`, no cast after the call comes in time."""
        return any(self.may_lack_float64(device) for device in self.evaluation.default_devices.at(call))

    @kept
    def may_lack_float64(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """May this device expression be MPS (or another device without float64)?
        Literals, `torch.device(...)`, conditionals, a tensor's `.device`, names like
        `device`, and names assigned any of those. In a test, a device known only by its
        name (a fixture, `self.device` set nowhere in the module) is unknown, not MPS:
        most suites run on the CPU and CUDA and keep float64 tests off MPS, so an error
        there needs a device that may be MPS as the code writes it (a literal, a
        parametrization, what a test case sets `self.device` to)."""
        if self.traces.beyond(depth, MAX_TRACE_DEPTH):
            return False
        if isinstance(node, cst.SimpleString):
            value = node.evaluated_value
            return isinstance(value, str) and value.split(":")[0] in self.devices
        if isinstance(node, cst.Call):
            if self.facts.qualified_name(node.func) == "torch.device" and node.args:
                return self.may_lack_float64(node.args[0].value, depth + 1)
            # The device of the data, an MPS tensor's MPS (`device(X)`), or a device a helper
            # of the module returns; in a test, the data's device is the test's, known only
            # from what the test gives (as above).
            if self.facts.in_tests:
                return False
            if self.facts.library_name(node.func) in DATA_DEVICES:
                return True
            place = self.evaluation.value(node).place
            if place is not Place.UNKNOWN:
                return place is Place.MAY_LACK_FLOAT64
            return self._device_helper_elsewhere(node, depth)
        if isinstance(node, cst.IfExp):
            return self.may_lack_float64(node.body, depth + 1) or self.may_lack_float64(node.orelse, depth + 1)
        if isinstance(node, cst.Attribute):
            if not self.facts.in_tests:  # unless a command-line option that leaves out MPS (`args.device`)
                if self._device_of_data_elsewhere(node):
                    return False
                return device_like_name(node.attr.value) and not self.guards.kinds.option_without_mps(node)
            # `self.device` of a test case: what the class and its family set it to.
            return is_self_attribute(node) and self.guards.kinds.kind(node) is True
        if isinstance(node, cst.Name):
            values = self.facts.reaching_values(node)
            if values and all(value is not None for value in values):
                return any(self.may_lack_float64(value, depth + 1) for value in values if value is not None)  # all are
            if self.facts.in_tests:  # a parametrization or a fixture that gives MPS
                return self.guards.kinds.kind(node) is True
            return device_like_name(node.value)
        return not self.facts.in_tests and self.evaluation.value(node).place is Place.MAY_LACK_FLOAT64

    def _device_of_data_elsewhere(self, node: cst.Attribute) -> bool:
        """Is this the `.device` of data the evaluator knows to be on a device with float64
        (`x = torch.ones(3)`, then `.to(x.device)`: the CPU)? Not `self.device`, which
        subclasses, other objects and `setattr` may set where the class does not show."""
        if node.attr.value != "device" or is_self_attribute(node):
            return False
        value = self.evaluation.value(node)
        return value.kind is Kind.DEVICE and value.place in (Place.CPU_BY_DEFAULT, Place.CPU, Place.WITH_FLOAT64)

    def _device_helper_elsewhere(self, call: cst.Call, depth: int) -> bool:
        """A call of a function named like a device that the module imports (`best_device()`
        from `.devices`, `utils.get_device()`): it picks the device, which may be MPS, as a
        name like `device` may be; given devices (`init_device(args.device)`), one of
        those, which may be MPS only where one of them may. Not torch's own, nor a method
        of a value (`x.get_device()`)."""
        qualified = self.facts.qualified_name(call.func)
        if qualified is None or qualified.partition(".")[0] == "torch":
            return False
        if not device_like_name(qualified.rpartition(".")[2]):
            return False
        given = [arg.value for arg in call.args if is_device_like(self.facts, arg.value)]
        return not given or any(self.may_lack_float64(device, depth + 1) for device in given)

    # Reaching a device -------------------------------------------------------------------

    def moves_there(self, call: cst.Call) -> bool:
        """`x.to(device)` with no dtype, onto a device that may lack float64."""
        moved = moved_to(call)
        return (
            moved is not None
            and moved[1] is None
            and not is_cpu_device(self.facts, moved[0])
            and self.may_lack_float64(moved[0])
        )

    def moves(self) -> Iterator[Tuple[cst.Call, WideValue]]:
        """Each `x.to(device)` (no dtype with it) of a float64 value onto a device that may
        be MPS, or `torch.asarray(x, device=device)` of one, with where the value was made;
        not one made float64 only in code that never runs on MPS (`if device.type != "mps":
        x = x.double()`): on MPS it is not float64."""
        if self._moves is None:
            self._moves = []
            for call in self.facts.calls:
                moved = None if self.guards.off_mps(call) else self.moved_value(call)
                if moved is not None and self._in_branch_on_its_dtype(call, moved):
                    continue  # `v.to(device) if not v.is_floating_point() else ...`: chosen by its dtype
                wide = self._on_mps(self.wide_value(moved)) if moved is not None else None
                if wide is None and moved is not None:
                    wide = self._state_moved(moved)
                if wide is not None:
                    self._moves.append((call, wide))
        return iter(self._moves)

    def _in_branch_on_its_dtype(self, call: cst.Call, moved: cst.BaseExpression) -> bool:
        """Is a move of a name that may hold values of several dtypes (a dict's) in a branch
        of a test of that name's dtype (`if v.is_floating_point(): ... else: v.to(device)`)?
        The test chooses among them; of one float64 value it chooses nothing."""
        if not isinstance(moved, cst.Name) or not self.evaluation.value(moved).mixed:
            return False
        child: cst.CSTNode = call
        parent = self.facts.parent(call)
        while parent is not None and not isinstance(parent, cst.FunctionDef):
            if isinstance(parent, (cst.If, cst.IfExp)) and child is not parent.test:
                test = parent.test
                named = any(isinstance(node, cst.Name) and node.value == moved.value for node in descendants([test]))
                if named and tests_a_dtype(self.facts, test):
                    return True
            child, parent = parent, self.facts.parent(parent)
        return False

    def moves_of_values_made_elsewhere(self) -> Iterator[Tuple[cst.Call, WideValue]]:
        """The moves of float64 values made on another line (or in another module): a move
        in the statement that makes the value is the maker's to flag."""
        for call, wide in self.moves():
            if wide.imported is not None or self.facts.statement(wide.origin) is not self.facts.statement(call):
                yield call, wide

    def moved_value(self, call: cst.Call) -> Optional[cst.BaseExpression]:
        """What a call puts on a device that may be MPS, keeping its dtype: `x` of
        `x.to(device)`, or of `torch.asarray(x, device=device)` when `x` is a tensor (a
        NumPy array made a tensor there is the array's own finding)."""
        if self.moves_there(call):
            assert isinstance(call.func, cst.Attribute)
            return call.func.value
        if self.facts.qualified_name(call.func) not in TENSOR_OF_DATA or keyword(call, "dtype") is not None:
            return None
        device = keyword(call, "device")
        data = positional(call)[:1]
        if device is None or not data or is_cpu_device(self.facts, device) or not self.may_lack_float64(device):
            return None
        return data[0] if self.float64_array(data[0]) is None else None

    def _on_mps(self, wide: Optional[WideValue]) -> Optional[WideValue]:
        """A float64 value as far as it is made in code that may run on MPS: None when
        every place it is made never does, else named after the first that may."""
        if wide is None:
            return None
        sources = tuple(source for source in wide.all_sources() if not self.guards.off_mps(source))
        if not sources:
            return None
        if sources[0] is wide.origin or not isinstance(sources[0], cst.BaseExpression):
            return replace(wide, sources=sources)
        first = self.wide_value(sources[0])
        return replace(first or wide, sources=sources)

    def reaches_device(self, call: cst.Call) -> bool:
        """Does the tensor a call makes end up on a device that may be MPS: made there
        (`device=device`), computed there from tensors the evaluator reads as there,
        moved there in the same chain before any narrowing cast, or moved there later (an
        F64004 move whose value was made by this call)?"""
        if self.guards.off_mps(call):
            return False
        device = keyword(self.evaluation.library_run(call) or call, "device")  # or the one `partial` bound
        if device is not None and self.may_lack_float64(device):
            return True
        if self.made_on_default_device(call):
            return True
        if device is None and self.evaluation.value(call).place is Place.MAY_LACK_FLOAT64:
            return True  # `torch.sum(x, dtype=...)`: computed where `x` is
        for outer in following_calls(self.facts, call):
            if stops_float64(self.facts, outer, self.gives_what_mps_has):  # `.round().long()`: int64 when it moves
                return False
            if self.moves_there(outer):
                return True
        if self._origins is None:
            self._origins = {id(source) for _, wide in self.moves() for source in wide.all_sources()}
        return id(call) in self._origins or self._moved_with_its_module(call)

    def gives_what_mps_has(self, call: cst.Call) -> bool:
        """Does a call in a tensor's chain give a tensor of a dtype MPS has (`.long()`,
        `.to(torch.int32)`, `.bool()`), as the evaluator reads it?"""
        made = self.evaluation.value(call)
        return made.kind is Kind.TENSOR and made.dtype is not None and not made.partial and made.dtype < Dtype.FLOAT64

    def makes_default_float_on_device(self, call: cst.Call) -> bool:
        """Does a call make a float tensor of the default dtype on a device that may be MPS:
        `torch.randn(n, device=device)`, `torch.tensor([0.5], device=device)`, no dtype
        given, in code that may run on MPS? (float64 where the default dtype is.)"""
        device = keyword(call, "device")
        if device is None or keyword(call, "dtype") is not None or not self.may_lack_float64(device):
            return False
        name = self.facts.qualified_name(call.func)
        floats = name in TENSOR_OF_DATA and bool(call.args) and has_float_literal(call.args[0].value)
        return (name in DEFAULT_FLOAT_FACTORIES or floats) and not self.guards.off_mps(call)

    def _moved_with_its_module(self, call: cst.Call) -> bool:
        """Is the tensor a call makes a buffer or parameter of a module (`register_buffer(
        "loc", t)`, `self.w = nn.Parameter(t)`) that the code moves to a device that may be
        MPS? Buffers and parameters move with their module: a module in a name moved later
        (`model.register_buffer(...)` ... `model.to(device)`), or, for `self`, an instance
        of the class made and moved in this module (`Normalizer(scaler).to(device)`)."""
        kept = self._kept_on_a_module(call)
        if kept is None:
            return False
        module, attribute, holder = kept
        if not isinstance(module, cst.Name):
            return False
        if module.value != "self":  # moved after it is registered, and never cast in place
            binding = self.facts.bindings.get(module)
            reads = self.facts.reads_by_binding.get(id(binding), []) if binding is not None else []
            return self._moved_uncast(reads, self.facts.positions[holder].start.line)
        owner = self._self_keeping(module, attribute, holder)
        return owner is not None and self._objects_moved(owner)

    def _objects_moved(self, owner: cst.ClassDef, within: FrozenSet[int] = frozenset()) -> bool:
        """Does the module move objects of this class of its own to a device that may be
        MPS (`_moved_there`), itself or as a submodule of an object of another class that
        is moved (`self.scaler = Scaler()` in `Regressor`, then `Regressor().to(device)`)?
        `within`: the classes asked about already, on the way from a submodule to the
        classes that keep it."""
        if id(owner) in within:
            return False
        within = within | {id(owner)}
        return any(self._moved_there(made, within) for made in self.facts.calls if self._makes(made, owner))

    @cached_property
    def classes_holding_float64(self) -> Dict[str, WideValue]:
        """The module's classes whose objects hold a float64 tensor as a parameter or buffer
        that moves with them, by name: one their methods keep on `self` once
        (`self.register_buffer("fb", torch.as_tensor(bank))`), or one an object of such a
        class holds that they keep on `self` once as a submodule (`self.frontend =
        LogMel()`). Another module that moves an object of one
        (`SpeechClassifier().to(device)`) moves that tensor (flow/summaries.py exports them)."""
        held: Dict[cst.ClassDef, WideValue] = {}
        for call in self.facts.calls:
            kept = None if self.guards.off_mps(call) else self._kept_on_a_module(call)
            owner = self._self_keeping(*kept) if kept is not None else None
            wide = self._on_mps(self.wide_value(call)) if owner is not None else None
            if owner is not None and wide is not None:
                held.setdefault(owner, wide)
            elif self.imported and isinstance(self.facts.parent(call), cst.Assign):
                # an object of another module's class that holds one (`self.frontend = LogMel()`)
                wide = self._state_moved(call) if self.facts.definitions.instantiated(call) is None else None
                owner = self._self_keeping(*self._owner_of_attribute(call), call) if wide is not None else None
                if owner is not None and wide is not None:
                    held.setdefault(owner, wide)
        grown = True
        while grown:  # the classes that keep objects of those as submodules, and so on
            grown = False
            for call in self.facts.calls:
                made = self.facts.definitions.instantiated(call)
                if made not in held or not isinstance(self.facts.parent(call), cst.Assign):
                    continue
                owner = self._self_keeping(*self._owner_of_attribute(call), call)
                if owner is not None and owner not in held:
                    held[owner] = held[made]
                    grown = True
        top_level = [owner for owner in held if isinstance(self.facts.parent(owner), cst.Module)]
        return {owner.name.value: held[owner] for owner in top_level}

    def kept_in(self, owner: cst.ClassDef) -> List[cst.Call]:
        """The calls whose tensor a class's methods keep on `self` once, as a parameter or
        buffer (`classes_holding_float64`), wherever they may run on MPS."""
        found = []
        for call in self.facts.calls:
            kept = None if self.guards.off_mps(call) else self._kept_on_a_module(call)
            if kept is not None and self._self_keeping(*kept) is owner:
                found.append(call)
        return found

    def _self_keeping(
        self, module: Optional[cst.BaseExpression], attribute: Optional[str], holder: cst.CSTNode
    ) -> Optional[cst.ClassDef]:
        """The class whose method keeps a value on `self` as this attribute, a module's
        class (it derives from `nn.Module`), where the attribute is set once: set again
        (`self.freqs = self.freqs.float()`), what moves is not known."""
        if not (isinstance(module, cst.Name) and module.value == "self" and isinstance(attribute, str)):
            return None
        function = self.facts.enclosing_function(holder)
        owner = self.facts.definitions.owner(function) if function is not None else None
        if owner is None or not owner.bases or len(self.assigned_to_self(owner, attribute)) > 1:
            return None
        return owner

    def _state_moved(self, moved: cst.BaseExpression) -> Optional[WideValue]:
        """The float64 parameter or buffer an object of a class another module of the run
        defines holds, moved with it (`model.to(device)` of a `model = SpeechClassifier()`):
        where that module says it is made."""
        if not self.imported:
            return None
        owner = self._imported_class(moved, 0)
        export = self.imported.state_of(owner)
        if export is None:
            return self._state_passed(moved, owner)
        return WideValue(moved, export.made_by, Width(export.width), imported=export)

    def _state_passed(self, moved: cst.BaseExpression, owner: Optional[str]) -> Optional[WideValue]:
        """The float64 parameter or buffer an object of another module's class holds where
        the call that makes it passes float64 data for a parameter (`FocalLoss(weights)` of
        a class that keeps `torch.as_tensor(alpha)`: its module's `through` state rows)."""
        rows = [row for row in self.imported.through(owner) if row.state]
        made = self.facts.making(moved)
        for call in (value for value in made if isinstance(value, cst.Call)):
            for row in rows:
                passed = passed_as(call, row.through)
                if passed is None:
                    continue
                value = self.evaluation.value(passed)  # `ScaledMLP(fit_scaler(x))`
                if passed_as_read(value, self.facts.made_by(passed), row.given):
                    return WideValue(moved, row.made_by, Width(row.width), imported=row)
        return None

    def kept_on_a_module(self, call: cst.Call) -> bool:
        """Is the tensor a call makes a buffer or parameter of a module, which moves with
        it (`register_buffer("r_max", t)`, `self.w = nn.Parameter(t)`)?"""
        return self._kept_on_a_module(call) is not None

    def _kept_on_a_module(
        self, call: cst.Call,
    ) -> Optional[Tuple[Optional[cst.BaseExpression], Optional[str], cst.CSTNode]]:
        """The module a call's tensor (or converted layer) is kept on, the attribute it is
        kept as, and the statement's call or value that keeps it; None if not kept so. A
        tensor bound to a name is kept where the name is (`window = hann(n).double()`, then
        `self.register_buffer("window", window)`)."""
        value = self.outermost(call)
        kept = self._kept_as(value)
        for read in self.facts.reads_by_value.get(id(value), []) if kept is None else []:
            kept = self._kept_as(read)
            if kept is not None:
                break
        return kept

    def _kept_as(
        self, value: cst.BaseExpression,
    ) -> Optional[Tuple[Optional[cst.BaseExpression], Optional[str], cst.CSTNode]]:
        """The module an expression is kept on as a buffer, parameter or submodule (`_kept_on_a_module`)."""
        # cast: every expression of the module has a parent (only the module has none)
        holder = self.facts.parent(cast("cst.CSTNode", self.facts.parent(value)))  # the call it is an argument of
        args = positional(holder) if isinstance(holder, cst.Call) else []
        # An argument's holder is a call, or a class it is a base of (`class A(torch.zeros(1)):`).
        if isinstance(self.facts.parent(value), cst.Arg) and isinstance(holder, cst.Call) and (
            method_name(holder) == "register_buffer" and (args[1:2] == [value] or keyword(holder, "tensor") is value)
        ):
            given = args[0] if args else keyword(holder, "name")  # `register_buffer(name=..., tensor=...)`
            attribute = given.evaluated_value if isinstance(given, cst.SimpleString) else None
            module = holder.func.value if isinstance(holder.func, cst.Attribute) else None
            return module, attribute if isinstance(attribute, str) else None, holder
        if (
            isinstance(holder, cst.Call)
            and self.facts.qualified_name(holder.func) in MODULE_STATE
            and args[:1] == [value]
        ):
            return (*self._owner_of_attribute(holder), holder)  # `self.w = nn.Parameter(t)`
        if self._a_submodule(value):
            return (*self._owner_of_attribute(value), value)  # `self.lin = nn.Linear(2, 2).double()`
        return None

    def _makes(self, call: cst.Call, owner: cst.ClassDef) -> bool:
        """Is this call `Owner(...)`, by the class the name it calls is bound to?"""
        binding = self.facts.bindings.get(call.func) if isinstance(call.func, cst.Name) else None
        return binding is not None and any(seen.definition is owner for seen in binding.reaching())

    def _moved_uncast(self, reads: Sequence[cst.BaseExpression], after: int) -> bool:
        """Do these reads of a module move it to a device that may be MPS below line `after`,
        with none of them casting it in place (`model.float()` casts its buffers too)?"""
        moved = False
        for read in reads:
            holder = self.facts.parent(read)
            call = self.facts.parent(holder) if isinstance(holder, cst.Attribute) and holder.value is read else None
            if not isinstance(call, cst.Call):
                continue
            if casts_narrow(self.facts, call) or casts_to_chosen_dtype(call):
                return False
            if self.moves_there(call) and not self.guards.off_mps(call):
                moved = moved or self.facts.positions[call].start.line > after
        return moved

    def _owner_of_attribute(self, value: cst.BaseExpression) -> Tuple[Optional[cst.BaseExpression], Optional[str]]:
        """`self` and `w` of `self.w = value`."""
        attributes = attributes_assigned(self.facts.parent(value), value)
        return (attributes[0].value, attributes[0].attr.value) if attributes else (None, None)

    def _a_submodule(self, value: cst.BaseExpression) -> bool:
        """A layer of torch.nn converted: `nn.Linear(2, 2).double()`."""
        if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute)):
            return False
        made = value.func.value
        return isinstance(made, cst.Call) and is_layer(self.facts.qualified_name(made.func))

    def _moved_there(self, module: cst.BaseExpression, within: FrozenSet[int] = frozenset()) -> bool:
        """Is this module (an instance made, or a name read) moved to a device that may be
        MPS: `module.to(device)`, directly or through the name it is assigned to, or the
        attribute of `self` it is kept as (`self.fc = FC(d)` ... `self.fc.to(x.device)`),
        or with the object of the module's class that keeps it so (`_objects_moved`)?"""
        holder = self.facts.parent(module)
        if isinstance(holder, cst.Attribute) and holder.value is module:
            return self._moved_uncast([module], 0)  # `Net(...).to(device)`
        if isinstance(holder, cst.Return):  # `return MinMax(scaler)` of `build_model`: where its callers put it
            factory = self.facts.enclosing_function(holder)
            if factory is None or id(factory) in within:
                return False
            sites = self.facts.definitions.call_sites(factory)
            return any(self._moved_there(site, within | {id(factory)}) for site in sites)
        container = self._container_keeping(module)
        if container is not None:  # `nn.Sequential(Net(...), head)`, moved as a whole
            return self._moved_there(container, within)
        if not (isinstance(holder, cst.Assign) and holder.value is module and isinstance(module, cst.Call)):
            return False
        owner, attribute = self._owner_of_attribute(module)
        if isinstance(owner, cst.Name) and owner.value == "self" and attribute is not None:
            kept_in = self.facts.definitions.enclosing_class(holder)
            if kept_in is None or len(self.assigned_to_self(kept_in, attribute)) != 1:
                return False
            return self._moved_uncast(_self_attribute_reads(kept_in, attribute), 0) or self._objects_moved(
                kept_in, within
            )
        return self._moved_uncast(self.facts.reads_by_value.get(id(module), []), 0)

    def _container_keeping(self, module: cst.BaseExpression) -> Optional[cst.Call]:
        """The torch container a module is given to, which keeps it as a submodule
        (`nn.Sequential(Net(...), head)`, `nn.ModuleList([Net(...), ...])`)."""
        given = self.facts.parent(module)
        if isinstance(given, cst.Element):  # an element of the list given
            given = self.facts.parent(self.facts.parent(given) or given)
        container = self.facts.parent(given) if isinstance(given, cst.Arg) else None
        if isinstance(container, cst.Call) and any(kept is module for kept in submodules_kept(self.facts, container)):
            return container
        return None

    # Narrowed before it can move -------------------------------------------------------

    @kept
    def narrowed_later(self, call: cst.BaseExpression, depth: int = 0) -> bool:
        """Is the tensor a call makes on the CPU kept in local names whose every use casts
        it down (`.float()`, `.to(torch.float32)`, `.numpy()`), directly or after
        dtype-keeping work assigned to other such names?
        `att = torch.tensor(a.astype("float64")); log_att = torch.log(att); self.log = log_att.float()`."""
        if self.traces.beyond(depth, MAX_TRACE_DEPTH):
            return False
        value = self.outermost(call)
        assign = self.facts.parent(value)
        if not (isinstance(assign, cst.Assign) and assign.value is value):
            return False
        if not all(isinstance(target.target, cst.Name) for target in assign.targets):
            return False
        reads = self.facts.reads_by_value.get(id(value), [])
        return bool(reads) and all(self._narrows(read, depth) for read in reads)

    def cast_after_move(self, call: cst.Call) -> Optional[Tuple[cst.Call, bool]]:
        """The cast that follows a move, and whether it is on a later statement: chained
        (`t.to(device).float()`, through views), else on the next statement (`x =
        t.to(device)`, then `x = x.float()`)."""
        chained = cast_after(self.facts, call)
        if chained is not None:
            return chained, False
        later = self.cast_on_read(call)
        return (later, True) if later is not None else None

    def cast_on_read(self, call: cst.Call) -> Optional[cst.Call]:
        """The cast of the next statement, when a call's value is assigned to a name and the
        next statement casts the name to itself (`x = t.to(device)`, then `x = x.float()`):
        the value's only read. To a narrow dtype or another tensor's (`x = x.type_as(r)`)."""
        assign = self.facts.parent(call)
        if not (isinstance(assign, cst.Assign) and assign.value is call and len(assign.targets) == 1):
            return None
        name = assign.targets[0].target
        following = self.facts.next_statement(assign)
        if not (isinstance(name, cst.Name) and isinstance(following, cst.SimpleStatementLine)):
            return None
        recast = following.body[0] if len(following.body) == 1 else None
        if not (isinstance(recast, cst.Assign) and len(recast.targets) == 1):
            return None
        target, cast = recast.targets[0].target, recast.value
        if not (isinstance(cast, cst.Call) and isinstance(cast.func, cst.Attribute)):
            return None
        receiver = cast.func.value
        if not all(isinstance(n, cst.Name) and n.value == name.value for n in (target, receiver)):
            return None
        return cast if casts_narrow(self.facts, cast) or casts_like(cast) else None

    def handed_to_api_without_mps(self, call: cst.Call) -> bool:
        """Is the tensor or module a call makes (or converts in place, `model.fc1.double()`)
        handed, directly or through a name, to an API with no MPS backend (torch.distributed,
        a quantized-tensor op)? Then it is on a device that API works on, never MPS."""
        if self._handed_on(call, 0):
            return True
        in_place = isinstance(self.facts.parent(call), cst.Expr) and self.facts.qualified_name(call.func) is None
        if not (in_place and isinstance(call.func, cst.Attribute)):
            return False
        root = call.func.value
        while isinstance(root, (cst.Attribute, cst.Subscript)):
            root = root.value
        binding = self.facts.bindings.get(root) if isinstance(root, cst.Name) else None
        if binding is None:
            return False
        return any(
            self._handed_on(read, 0) for read in self.facts.reads_by_binding.get(id(binding), []) if read is not root
        )

    @kept
    def _handed_on(self, node: cst.BaseExpression, depth: int) -> bool:
        if self.traces.beyond(depth, MAX_TRACE_DEPTH):
            return False
        value = self.outermost(node)
        holder = self.facts.parent(value)
        if isinstance(holder, cst.Attribute) and holder.value is value:
            method = self.facts.parent(holder)  # `x.fill_(0.0)`, `x.cuda()`: the same data
            return isinstance(method, cst.Call) and self._handed_on(method, depth + 1)
        if isinstance(holder, cst.Arg):
            consumer = self.facts.parent(holder)
            return isinstance(consumer, cst.Call) and has_no_mps_backend(self.facts.qualified_name(consumer.func))
        if isinstance(holder, cst.Assign) and holder.value is value:
            return any(self._handed_on(read, depth + 1) for read in self.facts.reads_by_value.get(id(value), []))
        return False

    def cast_at_every_move(self, call: cst.Call) -> bool:
        """Is the tensor a call makes on the CPU in a function that picks its dtype by
        device (`out_dtype = torch.float32 if is_mps else torch.float64`), moves nothing
        to a device without a dtype (`.to(device=device, dtype=out_dtype)`), and neither
        returns the float64 value nor keeps it on `self`? That is the recommended way to
        keep CPU precision: build in float64 on the CPU, cast at the move."""
        function = self.facts.parent(call)
        while function is not None and not isinstance(function, cst.FunctionDef):
            function = self.facts.parent(function)
        if function is None:
            return False
        body = function.body
        if not any(
            mentions_device(choice.test, self.devices)
            and (dtype_of(self.facts, choice.body) is not None or dtype_of(self.facts, choice.orelse) is not None)
            for choice in own_nodes(body, cst.IfExp)
        ):
            return False
        for inner in own_nodes(body, cst.Call):
            if method_name(inner) in ("cuda", "mps"):
                return False
            moved = moved_to(inner)
            if moved is not None and moved[1] is None and is_device_like(self.facts, moved[0]):
                if not is_cpu_device(self.facts, moved[0]):
                    return False
        kept = list(self.returned_values(function))
        for assign in own_nodes(body, cst.Assign):
            if any(isinstance(target.target, cst.Attribute) for target in assign.targets):
                kept.append(assign.value)
        return not any(self._made_by(value, call) for value in kept)

    def _made_by(self, value: cst.BaseExpression, source: cst.CSTNode) -> bool:
        wide = self.wide_value(value)
        return wide is not None and source in wide.all_sources()

    def _narrows(self, read: cst.Name, depth: int) -> bool:
        use = self.outermost(read)
        holder = self.facts.parent(use)
        if isinstance(holder, cst.Attribute) and holder.value is use:
            call = self.facts.parent(holder)
            if isinstance(call, cst.Call):
                return casts_narrow(self.facts, call) or method_name(call) == "numpy"
            return False
        if isinstance(holder, cst.Assign) and holder.value is use:
            return self.narrowed_later(use, depth + 1)
        argument = holder if isinstance(holder, cst.Arg) else None
        function = self.facts.parent(argument) if argument is not None else None
        if isinstance(function, cst.Call) and keeps_dtype(self.facts.qualified_name(function.func)):
            return self.narrowed_later(function, depth + 1)
        return False

    def outermost(self, node: cst.BaseExpression) -> cst.BaseExpression:
        """The end of the dtype-keeping chain a value starts (`x.clone().sin()` for `x`,
        `1.0 - x` for `x`)."""
        current = node
        for _ in range(MAX_TRACE_DEPTH * 4):
            parent = self.facts.parent(current)
            if isinstance(parent, cst.Subscript) and parent.value is current:
                current = parent
                continue
            if isinstance(parent, (cst.BinaryOperation, cst.UnaryOperation)):
                current = parent  # arithmetic keeps float64
                continue
            call = self.facts.parent(parent) if isinstance(parent, cst.Attribute) else None
            if (
                isinstance(parent, cst.Attribute)
                and parent.value is current
                and isinstance(call, cst.Call)
                and parent.attr.value in KEEP_RECEIVER_DTYPE
                and parent.attr.value not in ("cpu", "cuda")
            ):
                current = call
                continue
            return current
        return current


    # Values ----------------------------------------------------------------------------

    def wide_value(self, node: cst.BaseExpression) -> Optional[WideValue]:
        """Where a float64/complex128 value was made, if the expression is one."""
        if node not in self._wide:
            self.traces.step()
            self._wide[node] = self._evaluated(node)
        return self._wide[node]

    def _evaluated(self, node: cst.BaseExpression) -> Optional[WideValue]:
        """A float64 tensor as the evaluator reads it: what every value that may reach a name
        gives, what a class sets on `self.<name>`, arithmetic with a float64 NumPy array, as
        torch was probed to promote (`torch.ones(n) * np.linspace(0, 1, n)`), an element of
        a list of float64 tensors (`[t.to_sparse() for t in tensors]`), a legacy constructor
        (`torch.DoubleTensor`), one a path gives where another's is not known: named after
        the call that made it, or as the module of the run that made it says (`COORDS` after
        `from .grids import COORDS`), with every expression that made a part of it as its
        sources."""
        found = _wide_tensor(self.evaluation.value(node))
        if found is None:  # or as a call that leaves the parameters' defaults gives it
            found = _wide_tensor(self.evaluation.at_defaults(node))
        if found is None:
            return None
        value, width = found
        origin = value.origin
        export = self.imported_export(origin) if origin is not None else None
        if origin is not None and export is not None and export.width != OBJECT:  # `COORDS` of `.grids`
            wide = WideValue(origin, export.made_by, Width(export.width), imported=export)
        elif isinstance(origin, cst.Call):
            wide = WideValue(origin, self._made_by_text(origin), width)
        else:
            return None
        return replace(wide, sources=tuple(dict.fromkeys((*wide.all_sources(), *value.sources))))

    def _made_by_text(self, call: cst.Call) -> str:
        """How a message names the call that made a value: with the dtype it is given
        (`torch.zeros(dtype=torch.float64)`, `torch.zeros(dtype=self.dtype)`,
        `.to(torch.float64)`), as a cast (`.double()`), else by what it calls
        (`torch.from_numpy`)."""
        given = keyword(call, "dtype")
        given_text = self._dtype_text(given) if given is not None else None
        if given_text is not None:
            return f"{self.facts.module.code_for_node(call.func)}(dtype={given_text})"
        method = method_name(call) if self.facts.qualified_name(call.func) is None else None
        if method is not None and not call.args and input_independent(f"{TENSOR_TYPE}.{method}") is not None:
            return f".{method}()"
        spelled = [text for text in (self._dtype_text(arg) for arg in positional(call)) if text is not None]
        if method in CONVERTING_METHODS and spelled:
            return f".{method}({spelled[0]})"
        return self.facts.module.code_for_node(call.func)

    def _dtype_text(self, node: cst.BaseExpression) -> Optional[str]:
        """How a dtype given to a call reads: as spelled (`torch.double`), else as written
        where it holds one (`self.dtype`, `get_dtype()`)."""
        dtype = dtype_of(self.facts, node)
        if dtype is not None:
            return dtype.text
        return self.facts.module.code_for_node(node) if self.evaluation.value(node).kind is Kind.DTYPE else None

    def returns(self, function: cst.FunctionDef) -> Optional[WideValue]:
        """What a function of this module returns when it is float64 or complex128 (its
        summary, read by the modules that import it)."""
        return merged(self.wide_value(value) for value in self.returned_values(function))

    def float64_array(self, node: cst.BaseExpression) -> Optional[ArraySource]:
        """Where a float64 NumPy array comes from: as the project's tests saw it made at run
        time, as another module of the run (or the project's configuration) says a call
        returns it, or as the evaluator reads it on some path that reaches the node."""
        return self._observed_array(node) or self._evaluated_array(node)

    def seen_reaching_mps(self, call: cst.Call) -> bool:
        """Did the project's tests see the tensor this call makes reach MPS as float64?"""
        argument = data_argument(call)
        return argument is not None and argument in self._seen[0]

    def seen_float64(self, node: cst.BaseExpression) -> bool:
        """Did the project's tests see this expression give float64 data at run time?"""
        return self._observed_array(node) is not None

    def _observed_array(self, node: cst.BaseExpression) -> Optional[ArraySource]:
        """A float64 array as the project's tests saw it at run time (project/observed.py):
        the data a tensor was made of where they saw that tensor reach MPS as float64, and
        what else one of the project's own functions that made such data makes."""
        seen, makers = self._seen
        found = seen.get(node)
        if found is not None or not makers:
            return found
        call = self._call_behind(node)
        maker = self._project_maker(call) if call is not None else None
        if call is None or maker not in makers:
            return None
        return ArraySource(call, self.facts.module.code_for_node(call.func), seen=makers[maker])

    @cached_property
    def _seen(self) -> Tuple[Dict[cst.CSTNode, ArraySource], Dict[object, str]]:
        """The data of the tensors the project's tests saw reach MPS as float64, where they
        were made; and the project's functions that made that data, with where and by
        which tests that was seen."""
        made_at = self.observed.made_at(self.facts.source)
        seen: Dict[cst.CSTNode, ArraySource] = {}
        makers: Dict[object, str] = {}
        if not made_at:
            return seen, makers
        for call in self.facts.calls:
            name = self.facts.qualified_name(call.func)
            argument = data_argument(call) if name in TENSOR_OF_DATA else None
            if argument is None:
                continue
            span = self.facts.positions[call]
            lines = range(span.start.line, span.end.line + 1)
            matched = [seen_by for line in lines for called, seen_by in made_at.get(line, ()) if called == name]
            if not matched:
                continue
            who = _tests_named(sorted({test for seen_by in matched for test in seen_by}))
            given = self._call_behind(argument)
            shown = self.facts.module.code_for_node(given.func if given is not None else argument)
            seen[argument] = ArraySource(argument, shown, seen=f"seen float64 at run time in {who}")
            maker = self._project_maker(given) if given is not None else None
            if maker is not None:
                makers[maker] = f"which gave float64 data at line {span.start.line} at run time in {who}"
        return seen, makers

    def _call_behind(self, node: cst.BaseExpression) -> Optional[cst.Call]:
        """The call that gives a value: the node itself, or what a name was bound to."""
        written = self.facts.assigned_value(node) if isinstance(node, cst.Name) else node
        return written if isinstance(written, cst.Call) else None

    def _project_maker(self, call: cst.Call) -> Optional[object]:
        """The project's own function a call calls: one of this module (its definition), or
        of its package (its qualified name)."""
        local = self.facts.definitions.callee(call)
        if local is not None:
            return local
        qualified = self.facts.qualified_name(call.func)
        package = (self.facts.module_name or "").partition(".")
        if qualified is None or not package[1]:
            return None
        return qualified if qualified.partition(".")[0] == package[0] else None

    def _evaluated_array(self, node: cst.BaseExpression) -> Optional[ArraySource]:
        """A float64 NumPy array as the evaluator sees it, on some path that reaches the node,
        named after where it was made (a NumPy call, or arithmetic that made integers float64)."""
        value = self._float64_array_value(self.evaluation.value(node))
        if value is None:  # or as a call that leaves the parameters' defaults gives it
            value = self._float64_array_value(self.evaluation.at_defaults(node))
        if value is None or value.origin is None:
            return None
        source = self._array_source(value.origin)
        return replace(source, width="complex128") if source is not None and value.dtype is Dtype.COMPLEX128 else source

    def _array_source(self, origin: cst.CSTNode) -> Optional[ArraySource]:
        """A wide array named after where it was made."""
        if isinstance(origin, (cst.Call, cst.Attribute, cst.Name)):
            export = self.made_elsewhere(origin)
            if export is not None and export.passed:  # passed by another module's call
                return ArraySource(origin, export.made_by)
            if export is not None:  # made by another module of the run
                return ArraySource(origin, f"{export.name}()" if isinstance(origin, cst.Call) else export.name)
        if isinstance(origin, cst.BinaryOperation):  # integers made float64: named after the array's maker
            # (the operand not known narrow first: `image32 - np.array(config["mean"])`)
            operands = sorted((origin.left, origin.right), key=lambda side: self.evaluation.value(side).known_narrow)
            integers = next(filter(None, (self._array_made_by(operand) for operand in operands)), None)
            if integers is not None:
                return ArraySource(integers, self.facts.module.code_for_node(integers.func), origin)
            data = next((side for side in operands if self.evaluation.value(side).is_array), None)
            if data is None:  # operands known only where a call reads them (a lambda's `img / 255.0`)
                return ArraySource(origin, self.facts.module.code_for_node(origin))
            return ArraySource(data, self.facts.module.code_for_node(data), origin)  # `frame.values / 255.0`
        if isinstance(origin, cst.Attribute):  # a library object's (`scaler.mean_`, `frame.values`)
            owner = origin.value
            named = self.facts.module.code_for_node(owner) if isinstance(owner, cst.Name) else ""
            return ArraySource(origin, self._member_named(owner, origin.attr.value) or f"{named}.{origin.attr.value}")
        if not isinstance(origin, cst.Call):
            return None
        func = origin.func
        if not isinstance(func, cst.Attribute):
            return ArraySource(origin, self.facts.module.code_for_node(func))
        # `Generator.normal`, `frame.to_numpy`; a method of what a call gives by its name (`astype`)
        named = self._member_named(func.value, func.attr.value) or dotted_name(func) or func.attr.value
        return ArraySource(origin, named)

    @staticmethod
    def _float64_array_value(held: Value) -> Optional[Value]:
        """The float64 (or complex128) array a value is or may be on some path (an element
        of a list of them: float64 data to torch too), with where it was made."""
        if held.kind is Kind.CONTAINER and held.element is not None:
            held = held.element
        value = held.array
        wide = value is not None and value.dtype in (Dtype.FLOAT64, Dtype.COMPLEX128)
        return value if wide and value is not None and value.origin is not None else None

    def _member_named(self, owner: cst.BaseExpression, member: str) -> Optional[str]:
        """`Generator.normal` for `rng.normal(...)`, `StandardScaler.mean_` for `scaler.mean_`:
        a library object's member named after the object's class, when the evaluator knows it."""
        held = self.evaluation.value(owner)
        if held.kind is not Kind.OBJECT or held.type is None:
            return None
        return f"{held.type.rsplit('.', 1)[-1]}.{member}"

    def _array_made_by(self, operand: cst.BaseExpression, depth: int = 0) -> Optional[cst.Call]:
        """The call that makes an operand's array, such that a dtype given to it is the
        array's: its maker when the operand is that call or a name bound to it, else the
        operand itself when it is a call (`np.stack(np.meshgrid(...))`, whose dtype no one
        of the calls inside decides)."""
        written = self.facts.assigned_value(operand) if isinstance(operand, cst.Name) else operand
        value = self.evaluation.value(operand)
        if isinstance(written, cst.BinaryOperation) and value.is_array and depth < MAX_TRACE_DEPTH:
            # `len(counts) * counts`: the operand's own maker
            return self._array_made_by(written.left, depth + 1) or self._array_made_by(written.right, depth + 1)
        if isinstance(written, (cst.UnaryOperation, cst.Subscript)) and value.is_array and depth < MAX_TRACE_DEPTH:
            # `-np.arange(8)`, `order[:3]`: the array negated or sliced
            inner = written.expression if isinstance(written, cst.UnaryOperation) else written.value
            return self._array_made_by(inner, depth + 1)
        if not value.is_array or not isinstance(written, cst.Call):
            return None
        return value.origin if value.origin is written else written

    def imported_export(self, origin: cst.CSTNode) -> Optional[Export]:
        """The export an array comes from, when another module makes it: a function it
        defines, a name it binds, or a member of an object of a class it defines."""
        if isinstance(origin, cst.Call):
            return self.imported.returned_by(self.facts.qualified_name(origin.func)) or self.instance_member(origin)
        if isinstance(origin, cst.Attribute):  # `grids.COORDS`, `schedule.sigmas`
            return self.imported.bound_to(self.facts.qualified_name(origin)) or self.instance_member(origin)
        if isinstance(origin, cst.Name):  # `COORDS` after `from .grids import COORDS`
            binding = self.facts.bindings.get(origin)
            parameter = self.facts.parameter(binding)
            if parameter is not None and parameter[1].name is origin:  # what another module's call passes
                return next(iter(self.passed_in(*parameter)), None)
            return self.imported.bound_to(binding.qualified_name) if binding is not None else None
        return None

    def made_elsewhere(self, origin: cst.CSTNode) -> Optional[Export]:
        """The export an array comes from, for messages: as `imported_export` finds it, or
        the whole value another module's function gives that holds it (a `VALUE` row)."""
        found = self.imported_export(origin)
        return found or (self.imported_value(origin) if isinstance(origin, cst.BaseExpression) else None)

    def imported_parts(self, call: cst.Call) -> Tuple[Optional[Export], ...]:
        """The float64 parts, and those of a narrow dtype, of the tuple another module's
        function (or the method of an object of a class it defines) returns, by place."""
        return self.imported.returned_parts(self.imported_callee(call))

    def imported_keys(self, call: cst.Call) -> Dict[str, Export]:
        """The float64 values of the dict another module's function (or the method of an
        object of a class it defines: `buffer.sample(32)`) returns, by key."""
        return self.imported.returned_keys(self.imported_callee(call))

    def imported_dataset_keys(self, dataset: cst.BaseExpression) -> Dict[str, Export]:
        """The float64 values by key of the dict items of a dataset another module's class
        makes (`ChurnDataset(path)`, or a name bound to one)."""
        made = self.facts.making(dataset)
        calls = [value for value in made if isinstance(value, cst.Call)]
        return self.imported.dataset_keys(self.facts.qualified_name(calls[0].func)) if len(calls) == 1 else {}

    def imported_object(self, call: cst.Call) -> Optional[str]:
        """The library class of the object another module's function returns."""
        return self.imported.object_made_by(self.imported_callee(call))

    def imported_value(self, node: cst.BaseExpression) -> Optional[Export]:
        """The `VALUE` row of what another module's function (or the method of an object of
        a class it defines) returns or yields, or of the tuple, list or dict another module
        binds to a name (`NORMALIZE`, `stats.NORMALIZE`)."""
        if isinstance(node, cst.Call):
            return self.imported.value_returned(self.imported_callee(node))
        if isinstance(node, (cst.Name, cst.Attribute)):
            return self.imported.value_bound(self.facts.qualified_name(node))
        return None

    def imported_through(self, call: cst.Call) -> List[Export]:
        """What another module's function (or the method of an object of a class it
        defines) gives back of the float64 data a call passes it, by parameter."""
        return self.imported.through(self.imported_callee(call))

    def imported_callee(self, call: cst.Call) -> Optional[str]:
        """The qualified name of the function a call runs, or of the method of an object of
        a class another module defines (`pkg.buffer.ReplayBuffer.sample`)."""
        qualified = self.facts.qualified_name(call.func)
        if qualified is not None or not isinstance(call.func, cst.Attribute) or not self.imported:
            return qualified
        owner = self._imported_class(call.func.value, 0, call.func.attr.value)
        return f"{owner}.{call.func.attr.value}" if owner is not None else None

    def passed_in(self, function: cst.FunctionDef, param: cst.Param) -> List[Export]:
        """The float64 data other modules' calls pass for a parameter of one of the module's
        functions, of a class's `__init__` (`Grid(np.linspace(0, 1, n))`) or of a method
        of an object of the class (`model.fit(x)`), by position or by name (in the order of
        where they are passed)."""
        rows, places = self._passed_for(function, param, self.imported.passed_to)
        return [row for row in rows if self._may_reach_mps(function, places, row)]

    def passed_class(self, function: cst.FunctionDef, param: cst.Param) -> Optional[str]:
        """The class another module defines whose objects other modules' calls pass for a
        parameter (`simulate(cfg)` of a `cfg = Config.load(path)`), when they pass objects
        of one (a library's of data of several dtypes: of the class alone, `object_named`)."""
        classes = {row.made_by for row in self._passed_for(function, param, self.imported.instances_passed_to)[0]}
        if len(classes) > 1 and len({object_class(named) for named in classes}) == 1:
            return object_class(classes.pop())
        return classes.pop() if len(classes) == 1 else None

    def _passed_for(
        self, function: cst.FunctionDef, param: cst.Param, rows_of: Callable[[str], List[Export]]
    ) -> Tuple[List[Export], List[cst.Param]]:
        """The rows of what other modules' calls pass for a parameter (of those `rows_of`
        gives for the function, by its qualified name), and the function's parameters by
        position as the calls count them (after `self`)."""
        if not self.imported or param.name.value in ("self", "cls"):
            return [], []
        named = self.facts.definitions.qualified_name(function)
        owner = self.facts.definitions.owner(function)
        if owner is not None and function.name.value == "__init__":
            named = self.facts.definitions.qualified_name(owner)
        if "<locals>" in named or named.count(".") > (owner is not None):
            return [], []
        rows = rows_of(f"{self.facts.module_name}.{named}")
        if not rows:
            return [], []
        static = any(dotted_name(decorator.decorator) == "staticmethod" for decorator in function.decorators)
        places = [*function.params.posonly_params, *function.params.params][1 if owner and not static else 0 :]
        place = (places.index(param),) if param in places else None
        named_too = param not in function.params.posonly_params
        matching = [
            row for row in rows
            if (row.keyword == param.name.value and named_too) or (place is not None and row.item == place)
        ]
        return matching, places

    def _may_reach_mps(self, function: cst.FunctionDef, places: List[cst.Param], row: Export) -> bool:
        """May what another module's call (a row of its summary) makes of a function be on
        MPS: not when it gives every device parameter (one named like a device) a device
        known to be another, or leaves it at such a default (`device="cpu"`, `None`)."""

        def given(param: cst.Param) -> Optional[Value]:
            passed = row.argument(places.index(param) if param in places else None, param.name.value)
            if passed is None:  # left at its default, if it has one
                return self.evaluation.value(param.default) if param.default is not None else None
            if passed == NONE_PASSED:
                return Value(Kind.NONE)
            return Value(Kind.DEVICE, place=Place.CPU) if passed == OFF_MPS_PASSED else UNKNOWN

        return self.evaluation.devices_may_be_mps(function, given)

    def items_given(self, owner: cst.ClassDef) -> Tuple[cst.BaseExpression, ...]:
        """What the items of a dataset class are, as written: what its `__getitem__` returns,
        else what its `__iter__` yields (an `IterableDataset`'s, one by one)."""
        getitem = self.facts.definitions.method(owner, "__getitem__")
        if getitem is not None:
            return self.returned_values(getitem)
        iterate = self.facts.definitions.method(owner, "__iter__")
        if iterate is None:
            return ()
        yielded = (node.value for node in own_nodes(iterate.body, cst.Yield))
        return tuple(value for value in yielded if isinstance(value, cst.BaseExpression))

    def returned_values(self, function: cst.FunctionDef) -> Tuple[cst.BaseExpression, ...]:
        """The values a function's own `return`s give (each function's body is read once)."""
        found = self._returned_values.get(function)
        if found is None:
            found = self._returned_values[function] = _returned_values(function)
        return found

    def callee(self, call: cst.Call) -> Optional[cst.FunctionDef]:
        """The one function or method of this module a call calls (`callees`)."""
        found = self.callees(call)
        return found[0] if len(found) == 1 else None

    def callees(self, call: cst.Call) -> Tuple[cst.FunctionDef, ...]:
        """The functions or methods of this module a call may call: the one its name
        stands for (semantic/definitions.py), or those a class keeps on `self` and calls
        there (`self.compute_fn = roc_compute` in `__init__`, then `self.compute_fn(y, p)`),
        when it keeps nothing else there."""
        found = self.facts.definitions.callee(call)
        if found is not None:
            return (found,)
        if not (isinstance(call.func, cst.Attribute) and is_self_attribute(call.func)):
            return ()
        kept = [self.facts.definitions.function_named(value) for value in self.set_on(call.func) or ()]
        if not kept:
            given = self._given_to_base(call.func)
            return (given,) if given is not None else ()
        return () if None in kept else tuple(dict.fromkeys(function for function in kept if function is not None))

    def _given_to_base(self, target: cst.Attribute) -> Optional[cst.FunctionDef]:
        """For `self.compute_fn(...)` in a class whose base, defined in another module,
        keeps the function its `__init__` is given as `self.compute_fn`: the function of
        this module the class hands its base (`super().__init__(roc_compute, ...)`)."""
        owner = self._class_of(target) if self.imported else None
        init = self.facts.definitions.method(owner, "__init__") if owner is not None else None
        if owner is None or init is None or self.facts.definitions.enclosing_class(init) is not owner:
            return None
        for base in owner.bases:
            qualified = self.facts.qualified_name(base.value)
            kept = self.imported.kept_parameter(qualified, target.attr.value)
            if kept is None:
                continue
            passed = (_given_to_base_init(call, qualified, kept, self.facts) for call in own_nodes(init.body, cst.Call))
            given = {self.facts.definitions.function_named(value) for value in passed if value is not None}
            if len(given) == 1:
                return given.pop()
        return None

    def set_on(self, node: cst.Attribute) -> Optional[List[cst.BaseExpression]]:
        """For `self.<name>` in a class: what the class sets on it; None for anything else."""
        owner = self._class_of(node) if is_self_attribute(node) else None
        return None if owner is None else self.assigned_to_self(owner, node.attr.value)

    def assigned_to_self(self, owner: cst.ClassDef, name: str) -> List[cst.BaseExpression]:
        """Values the class's methods assign to `self.<name>` or register as buffer `<name>`
        (each class is read once, for all its attributes)."""
        return self.attributes_set(owner).get(name, [])

    def attributes_set(self, owner: cst.ClassDef) -> Dict[str, List[cst.BaseExpression]]:
        """By attribute name, the values the class's methods set on `self`."""
        return self.evaluation.classes.own(owner)

    def instance_member(self, node: cst.BaseExpression) -> Optional[Export]:
        """`schedule.sigmas` or `schedule.timesteps()` where `schedule = Schedule(...)` (or
        `self.schedule`, set so) makes an object of a class another module of the run
        defines: what that module says the member is (flow/summaries.py)."""
        target = node.func if isinstance(node, cst.Call) else node
        if not isinstance(target, cst.Attribute) or not self.imported:
            return None
        owner = self._imported_class(target.value, 0, target.attr.value)
        if owner is None or (owner, target.attr.value) in self._members_set_here:
            return None  # `schedule.sigmas = schedule.sigmas.astype(np.float32)`: this module decides
        if self._given_when_made(target.value, target.attr.value):
            return None  # `Config(dtype=torch.float32).dtype`: a dataclass's field as made
        qualified = f"{owner}.{target.attr.value}"
        # `grid: GridBase` may be any subclass: what one of them holds is read too
        declared = isinstance(target.value, cst.Name) and self._declared_class(target.value) == owner
        if isinstance(node, cst.Call):
            return self.imported.returned_by(qualified, declared)
        return self.imported.bound_to(qualified, declared) or self.imported.object_held(qualified)

    def _given_when_made(self, receiver: cst.BaseExpression, member: str) -> bool:
        """Is an object made by a call that passes a keyword of the member's name?"""
        made = self.facts.making(receiver)
        return any(isinstance(value, cst.Call) and keyword(value, member) is not None for value in made)

    @cached_property
    def _members_set_here(self) -> FrozenSet[Tuple[str, str]]:
        """The members of objects of other modules' classes that this module assigns to."""
        found = set()
        for target in self.facts.attributes_assigned:
            owner = self._imported_class(target.value, 0)
            if owner is not None:
                found.add((owner, target.attr.value))
        return frozenset(found)

    def object_class(self, node: cst.BaseExpression) -> Optional[str]:
        """The qualified name of the class another module of the run defines that made an
        object (`cfg` of `cfg = Config.load(path)`), when that module exports its members."""
        return self._imported_class(node, 0)

    @kept
    def _imported_class(self, node: cst.BaseExpression, depth: int, member: str = "") -> Optional[str]:
        """The qualified name of the class another module defines that made this object,
        itself or as the base of a class of this module that leaves `member` to it."""
        if self.traces.beyond(depth, MAX_TRACE_DEPTH):
            return None
        if isinstance(node, cst.Call):
            func = node.func
            if isinstance(func, cst.Attribute) and func.attr.value in MODULE_GIVES_ITSELF_UNCAST:
                return self._imported_class(func.value, depth + 1, member)  # `Model().to(device)`, as it was
            return self._class_made(node, member)
        if isinstance(node, cst.Name):
            declared = self._declared_class(node)
            if declared is not None:  # `grid: Grid`
                return declared
            parameter = self.facts.parameter(self.facts.bindings.get(node))
            passed = self.passed_class(*parameter) if parameter is not None else None
            if passed is not None and self.imported.defines_class(passed):  # `simulate(cfg)` in another module
                return passed
            if parameter is not None and node.value not in ("self", "cls"):  # `DelayAndSum(LinearArray())` here
                function, param = parameter
                given = self.facts.definitions.arguments_for(function, param)
                found = next(filter(None, (self._imported_class(v, depth + 1, member) for v in given if v)), None)
                if found is not None:
                    return found
            owner = self.facts.definitions.enclosing_class(node) if node.value == "self" else None
            if owner is not None:  # `self.dtype` in a subclass of another module's class
                return self._base_leaving(owner, member)
            values = [value for value in self.facts.reaching_values(node) if value is not None]
        elif isinstance(node, cst.Attribute) and is_self_attribute(node):
            values = self.set_on(node) or []
        elif isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.Or):
            values = [node.left, node.right]  # `schedule or KarrasSchedule()`: the object it falls back to
        else:
            return None
        return next(filter(None, (self._imported_class(value, depth + 1, member) for value in values)), None)

    def _declared_class(self, node: cst.Name) -> Optional[str]:
        """The class another module defines that a parameter's annotation names."""
        parameter = self.facts.parameter(self.facts.bindings.get(node))
        annotation = parameter[1].annotation if parameter is not None else None
        qualified = self.facts.qualified_name(annotation.annotation) if annotation is not None else None
        return qualified if qualified is not None and self.imported.defines_class(qualified) else None

    def _class_made(self, call: cst.Call, member: str) -> Optional[str]:
        qualified = self.facts.qualified_name(call.func)
        if qualified is not None and self.imported.defines_class(qualified):
            return qualified
        made = self.imported.class_made_by(qualified)
        if made is not None and self.imported.defines_class(made):  # `Config.from_json(text)`
            return made
        local = self.facts.definitions.instantiated(call)
        return self._base_leaving(local, member) if local is not None else None

    def _base_leaving(self, local: cst.ClassDef, member: str) -> Optional[str]:
        """The class another module defines that a class of this module derives from and
        leaves `member` to."""
        if (
            self.facts.definitions.method(local, member) is not None
            or self.assigned_to_self(local, member)
            or member in self.evaluation.classes.bound_in_body(local)
        ):
            return None  # one that makes the member itself
        for base in local.bases:
            inherited = self.facts.qualified_name(base.value)
            if inherited is not None and self.imported.defines_class(inherited):
                return inherited
        return None

    def attribute_reads(self, target: cst.Attribute) -> List[cst.Attribute]:
        """Where the class that assigns `self.<name>` reads it (`self.<name>` in its methods)."""
        owner = self._class_of(target)
        if owner is None:
            return []
        found = self._read_on_self.get(owner)
        if found is None:
            found = self._read_on_self[owner] = self._attributes_read_on_self(owner)
        return found.get(target.attr.value, [])

    def _attributes_read_on_self(self, owner: cst.ClassDef) -> Dict[str, List[cst.Attribute]]:
        reads: Dict[str, List[cst.Attribute]] = {}
        stack: List[cst.CSTNode] = [owner.body]
        while stack:
            current = stack.pop()
            if is_self_attribute(current) and not isinstance(
                self.facts.parent(current), (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.Del)
            ):
                reads.setdefault(current.attr.value, []).append(current)
            if not isinstance(current, cst.ClassDef):
                stack.extend(code_children(current))
        return reads

    def _class_of(self, node: cst.CSTNode) -> Optional[cst.ClassDef]:
        return self.facts.definitions.enclosing_class(node)




def _wide_tensor(found: Value) -> Optional[Tuple[Value, Width]]:
    """The float64 or complex128 tensor a value is or may be on some path, or what a list or
    tuple of them holds (`return sigmas, out_dtype`), with its width; or a module of the
    module's classes cast to float64 (`PINN().double()`), whose tensors are."""
    if found.kind is Kind.CONTAINER:
        found = join(found.parts) if found.parts else found.element or found
    if found.kind is Kind.INSTANCE and found.dtype in WIDE_DTYPES:
        return found, WIDE_DTYPES[found.dtype]
    value = found.possible
    width = WIDE_DTYPES.get(value.dtype) if value is not None and value.kind is Kind.TENSOR and value.dtype else None
    return (value, width) if value is not None and width is not None else None


def _self_attribute_reads(owner: cst.ClassDef, name: str) -> List[cst.Attribute]:
    """Each `self.<name>` in a class's methods."""
    return [
        node
        for node in class_nodes(owner)
        if isinstance(node, cst.Attribute) and node.attr.value == name and is_self_attribute(node)
    ]




def _given_to_base_init(
    call: cst.Call, base: Optional[str], kept: Tuple[str, Optional[int]], facts: ModuleFacts
) -> Optional[cst.BaseExpression]:
    """What a call of the base's `__init__` (`super().__init__(...)`, `super(Cls,
    self).__init__(...)`, `Base.__init__(self, ...)`) passes for the parameter `kept`
    names (by keyword, else by position)."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and func.attr.value == "__init__"):
        return None
    receiver = func.value
    if is_super_call(receiver):
        skipped = 0
    elif facts.qualified_name(receiver) == base:
        skipped = 1  # `self`
    else:
        return None
    name, position = kept
    by_keyword = keyword(call, name)
    if by_keyword is not None:
        return by_keyword
    if position is None or any(arg.star == "*" for arg in call.args):
        return None  # keyword-only, or placed by an unpacked sequence
    given = positional(call)[skipped:]
    return given[position] if position < len(given) else None


def _returned_values(function: cst.FunctionDef) -> Tuple[cst.BaseExpression, ...]:
    return tuple(node.value for node in own_nodes(function.body, cst.Return) if node.value is not None)


def _tests_named(tests: Sequence[str]) -> str:
    """`tests/test_x.py::test_y`, `... and 2 more tests`, or `the project's tests`."""
    if not tests:
        return "the project's tests"
    more = len(tests) - 1
    return tests[0] + (f" and {more} more test{'s' if more > 1 else ''}" if more else "")
