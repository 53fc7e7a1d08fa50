"""What an expression is: its value on the lattice (lattice.py), worked out once per node.

Read through literals, names (every value that may reach a read, joined), tuple unpacking,
loops (an element of what they iterate: a list's, an array's rows, what a generator
yields, `enumerate` and `zip`), arithmetic (NumPy's promotion), conditionals, lists,
tuples and comprehensions, indexing, what a class and its bases set on `self` and add to
the lists they keep there (classes.py), objects of the module's classes (made by a call,
or declared by an annotation, which a subclass may fill: what its class's properties and
methods give, read with that object as `self`), the module's own functions (what their returns
or yields give, read with the parameters each call passes: a helper handed a float32
array or tensor gives float32 there, float64 where it is handed float64; in its own body a
parameter may hold what any of the module's calls pass, and the float64 data other modules'
calls pass (their summaries' rows: of several dtypes, as its other callers are not all
known); a dtype or device handed to a
helper is not followed, since helpers check those), the hand-written library table
(domain/library.py: NumPy's makers, the functions that keep their arguments' dtype or
follow their data, `astype`, the methods that keep their array's dtype) and, for what it
does not know, the table probed from the libraries
themselves (domain/probed.py): functions by the class of their input, and library objects
(an estimator fitted on data of a dtype, a frame, an interpolator) by their members; the
library table's hand entries where probing cannot reach (the objects a call makes, their
members). Tensors are read as torch was probed: what its functions make of the class of
their data, what a tensor's methods give for its dtype, what its operators give for their
operands' (a NumPy scalar is weak, a NumPy array is not). Dtypes and devices are values
too: `torch.float64`, a string naming a device, `torch.device(...)`, a helper that
returns one of several.

A tensor has a place: where a torch function makes it (its `device=`, else the CPU, by
default or, for NumPy's memory, on purpose), where a method's or an operator's tensors
are unless it moves them (`.cpu()`, `.to(device)`), where every value that may reach a
name, `self` attribute or parameter is, and `x.device` is a device of `x`'s place.

What another module of the run exports (its summary) and what the project's tests saw give
float64 data at run time (`pytest --mps-emulation`) are values too, where the module alone
does not say.

Of the values that may reach a name, a `self` attribute, a function's return or a
conditional, those made only in code that never runs on MPS are left out
(paths_on_mps.py): the question is always what MPS meets.

A value a path leaves unknown may still be the array another path gives (lattice.py
`may_be`), and `at_defaults` reads a function's body for a call that leaves its data
parameters at their defaults: both are paths a run may take.
"""

from __future__ import annotations

import weakref
from contextlib import contextmanager
from dataclasses import replace
from functools import cached_property, reduce
from itertools import zip_longest
from typing import Callable, Dict, FrozenSet, Iterable, Iterator, List, Mapping, Optional, Sequence, Set, Tuple, Union

from f64lint.analysis.domain.arrays import (
    FLOAT64_OF_INTEGERS,
    FLOAT_BY_DEFAULT,
    FLOAT_OF_NUMBERS,
    FOLLOW_DATA,
    INTEGERS_RETURNED,
    KEEP_DTYPE_METHODS,
    KEEP_FIRST_ARGUMENT_DTYPE,
    PIXEL_MAKERS,
    PYTHON_FLOATS,
    PYTHON_INTS,
    asked_dtype,
    dtype_argument,
    float_sequence,
    range_counter,
)
from f64lint.analysis.domain.casts import (
    CONVERTING_METHODS,
    DEFAULT_DTYPE_FACTORIES,
    KEEP_RECEIVER_DTYPE,
    KEEP_TENSOR_DTYPE,
    casts_like,
)
from f64lint.analysis.domain.devices import (
    device_like_name,
    is_device_like,
    moved_off_mps_only,
    moves_to_cpu,
)
from f64lint.analysis.domain.dtypes import Dtype as Spelled
from f64lint.analysis.domain.dtypes import (
    Spelling,
    Width,
    chosen_by_data,
    dtype_of,
    exported_dtype,
    holds_for_float64,
    mentions_device,
    spelled_dtype,
    tests_a_dtype,
)
from f64lint.analysis.domain.guards import Guards
from f64lint.analysis.domain.library import (
    ARRAY_FILE_READERS,
    ARRAY_OF_THE_DTYPE_ASKED,
    ARRAY_TYPE,
    ATTRIBUTE_BY_NAME,
    ATTRIBUTES_AS_DICT,
    AWAITS_TOGETHER,
    BINDS_ARGUMENTS,
    CALLS_ON_EACH,
    COLLECTS_ELEMENTS,
    COPIED_TO_THE_CPU,
    COUNTED,
    COUNTS,
    DATA_LOADERS,
    DATASETS_OF_TENSORS,
    DECLARES_A_FIELD,
    DICT_GIVES,
    DICT_TYPE,
    EIGHT_BIT_READS,
    ELEMENT_TUPLES,
    FIELD_DEFAULT_KEYWORDS,
    FILLS_MISSING_KEYS,
    FLOAT_IMAGE_SUFFIXES,
    GIVES_ARGUMENT,
    MAKES,
    MAKES_NAMED_TUPLES,
    MODULE_GIVES_ITSELF,
    NEXT_ELEMENT,
    OBJECT_DATA_DTYPES,
    PYTHON_NUMBER_TYPES,
    PYTHON_VALUE_READERS,
    READER_FLAGS,
    RETURNS_SELF,
    RUN_BY_A_CALL,
    SETS_PARAMETERS,
    SHARES_NUMPY_MEMORY,
    TENSOR_MOVES,
    TENSOR_TYPE,
    DictGives,
    Returns,
    by_short_name,
    functions,
    is_layer,
)
from f64lint.analysis.domain.probed import (
    OBJECT_KINDS,
    Seen,
    array_seen_given,
    constant_kind,
    dtype_whatever_given,
    frame_reader,
    gives_python_numbers,
    holds_data,
    input_independent,
    is_probed_member,
    is_type,
    keys_are_attributes,
    kind_whatever_given,
    makes_tensors,
    object_given,
    object_made_by,
    of_an_object_made_bare,
    reads_default_widths,
    seen_as_called,
    seen_by_every_call,
    seen_given,
    seen_given_default_widths,
    seen_of_any_number,
    tensor_type_dtype,
    was_probed,
)
from f64lint.analysis.evaluation.branches_taken import (
    BoundNames,
    Given,
    bindings_reached,
    constants,
    names_bound,
    reached,
)
from f64lint.analysis.evaluation.classes import Classes
from f64lint.analysis.evaluation.default_device import DefaultDevices
from f64lint.analysis.evaluation.dicts import DictChanges, at_key, entries_of, from_dict, looked_up, mapping
from f64lint.analysis.evaluation.exported_values import read_back
from f64lint.analysis.evaluation.lattice import (
    UNKNOWN,
    Callee,
    Context,
    Dtype,
    Kind,
    Place,
    Value,
    arithmetic,
    compared,
    join,
    numpy_promoted,
    place_of,
    together,
)
from f64lint.analysis.evaluation.paths_on_mps import PathsOnMps
from f64lint.analysis.evaluation.probed_values import (
    INPUT_CLASSES,
    PYTHON_NUMBER_KINDS,
    by_hand,
    frame_arithmetic,
    input_class,
    labelled_result,
    made_of,
    number_class,
    object_arithmetic,
    of_an_object,
    of_known_data,
    of_numbers_one_by_one,
    probed_otherwise,
    seen_as_written,
    seen_value,
    seen_with_keywords,
    tensor_arithmetic,
    widest_tensor,
)
from f64lint.analysis.evaluation.saved_files import SavedFiles
from f64lint.analysis.evaluation.structure import (
    DATA_KINDS,
    any_data,
    array_dtype,
    arrays_in,
    as_data,
    as_possible,
    collated,
    innermost,
    is_frame,
    item_of,
    kept_from,
    may_be,
    may_be_tensor,
    named_object,
    no_mps_device,
    object_class,
    part_at,
    partly_unknown,
    passed_as_read,
    placed,
    relocated,
    subscripted,
    without_float64,
)
from f64lint.analysis.project.exports import ATTRIBUTE_KEY, OBJECT, Export
from f64lint.analysis.semantic.bindings import Binding
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.semantic.traces import kept
from f64lint.analysis.syntax.calls import (
    MAX_TRACE_DEPTH,
    Added,
    gathered_by,
    given_for,
    keyword,
    method_name,
    named_fields,
    named_params,
    param_passed,
    passed_as,
    passes_keywords,
    positional,
)
from f64lint.analysis.syntax.nodes import is_property, is_self_attribute, own_nodes
from f64lint.cst import cst

_KEEP_ARGUMENT_DTYPE = functions("numpy", Returns.ARGUMENT_DTYPE) | functions("scipy", Returns.ARGUMENT_DTYPE)
_WIDTHS = {Width.FLOAT64: Dtype.FLOAT64, Width.COMPLEX128: Dtype.COMPLEX128, Width.NARROW: Dtype.FLOAT32}
# The dtypes of values whose NumPy ufunc (`np.sin`) is float64 whether they are Python
# numbers, NumPy scalars or arrays: 64-bit floats and integers (narrower ones give narrower floats).
_FLOAT64_OF_UFUNCS = (Dtype.FLOAT64, Dtype.INTEGER)
_ANNOTATED_NUMBERS = {name: Dtype.named(numpy) for name, numpy in by_short_name(PYTHON_NUMBER_TYPES).items()}
# What a frame reader is told the columns' dtypes with (`pd.read_csv(p, dtype=np.float32)`).
_READER_DTYPES = ("dtype", "converters")
# Where `torch.utils.data.DataLoader` takes its `collate_fn` by position.
_COLLATE_FN_PLACE = 6
# The modules whose dtypes code names (`np.int32`, `torch.uint8`).
_DTYPE_MODULES = ("numpy.", "torch.")
# Devices that have float64, as a string names them (those without are the run's `devices`).
_WITH_FLOAT64 = frozenset({"cuda", "xpu", "hpu", "meta"})


class Evaluator:
    """The values of one module's expressions (kept in the module's trace store)."""

    def __init__(
        self,
        facts: ModuleFacts,
        guards: Guards,
        callees: Callable[[cst.Call], Sequence[cst.FunctionDef]],
        imported: Callable[[cst.BaseExpression], Optional[Export]],
        seen_float64: Callable[[cst.BaseExpression], bool],
        passed_in: Callable[[cst.FunctionDef, cst.Param], Sequence[Export]],
        imported_parts: Callable[[cst.Call], Sequence[Optional[Export]]],
        imported_keys: Callable[[cst.Call], Mapping[str, Export]],
        imported_through: Callable[[cst.Call], Sequence[Export]],
        imported_object: Callable[[cst.Call], Optional[str]],
        passed_object: Callable[[cst.FunctionDef, cst.Param], Optional[str]],
        imported_dataset_keys: Callable[[cst.BaseExpression], Mapping[str, Export]],
        saved_elsewhere: Callable[[str], Optional[Export]],
        imported_value: Callable[[cst.BaseExpression], Optional[Export]],
    ) -> None:
        """`guards` says which code never runs on MPS: a value bound only there does not
        reach a read on MPS (`if device.type == "mps": dtype = torch.float32 else: dtype =
        torch.float64`). `callees` finds the module's functions a call may call, where the layers above
        know more than the module's definitions (the functions a class keeps on `self`, one
        another module's base class keeps there: flow/values.py `Flow.callees`); `imported`
        finds what another module of the run says a call or an attribute gives (its
        summary's export: `Flow.imported_export`); `seen_float64` whether the project's
        tests saw an expression give float64 data at run time (`Flow.seen_float64`);
        `passed_in` the float64 data other modules' calls pass for a parameter (their
        summaries' rows: `Flow.passed_in`); `imported_parts` the float64 parts of the tuple
        another module's function returns, by place, and those of a narrow dtype
        (`Flow.imported_parts`), and
        `imported_keys` the float64 values of the dict one returns, by key, and
        `imported_through` what one gives back of the float64 data a call passes it, by
        parameter (`Flow.imported_through`); `imported_object` the library class of the
        object one returns, and `passed_object` that of the objects other modules' calls
        pass for a parameter (`Flow.passed_class`); `imported_dataset_keys` the float64
        values by key of the dict items of a dataset another module's class makes, and
        those of a narrow dtype; `saved_elsewhere` the float64 array another module saves
        to a file of a name (`Imported.saved_to`); `imported_value` the whole value another
        module's function returns or yields, or its name holds, where the rows above say
        none of it (`Flow.imported_value`)."""
        self.facts = facts
        self._paths = PathsOnMps(facts, guards)
        self._function_exits: Dict[cst.FunctionDef, Tuple[List[cst.Yield], List[Optional[cst.BaseExpression]]]] = {}
        self._runs: Dict[cst.Call, Optional[cst.Call]] = {}  # `library_run`, by call
        self._callees = callees
        self._imported = imported
        self._seen_float64 = seen_float64
        self._passed_in = passed_in
        self._imported_parts = imported_parts
        self._imported_keys = imported_keys
        self._imported_through = imported_through
        self._imported_object = imported_object
        self._passed_object = passed_object
        self._imported_dataset_keys = imported_dataset_keys
        self.traces = facts.traces
        self.classes = Classes(facts)
        self.saved_files = SavedFiles(facts)
        self._saved_elsewhere = saved_elsewhere
        self._imported_value = imported_value
        # Through a reference that does not keep the evaluator alive (as `Flow` hands it its
        # own questions): no cycle holds the module's tree after its analysis is dropped.
        evaluator = weakref.proxy(self)
        self.default_devices = DefaultDevices(facts, lambda node: evaluator.value(node))
        self._dicts = DictChanges(facts, callees)
        self._closures_called: Dict[cst.FunctionDef, List[cst.Call]] = {}
        self._frames_set: Set[int] = set()  # the frames whose columns set are being read, by binding
        self._bound: BoundNames = {}  # the names each function binds (branches_taken.py)
        # What each call hands its function's parameters, by function and call (branches_taken.py).
        self._call_constants: Dict[Tuple[cst.FunctionDef, cst.Call], Given] = {}
        self._handed_on: Dict[cst.Param, bool] = {}  # dtype parameters only handed on to one library
        # The dtypes the rules asked `spelled` for, by node: each rule that reads dtypes
        # (one per width and spelling) asks about every dtype the module uses.
        self._spelled_read: Dict[cst.BaseExpression, Optional[Tuple[Spelled, cst.BaseExpression]]] = {}
        # The call being read into: what it passes for its function's parameters, by the
        # id of each parameter's binding (a function's returns are read once per such call).
        self._context: Context = ()

    def value(self, node: cst.BaseExpression) -> Value:
        return self._value(node, 0)

    def library_run(self, call: cst.Call) -> Optional[cst.Call]:
        """The call of a library's function a call of a module's name runs, where `partial`
        bound that function (`to_tensor(x)` of `to_tensor = partial(torch.as_tensor,
        device=d)` runs `torch.as_tensor(x, device=d)`): made once, for every rule to read
        by its name and arguments; None for another call."""
        if not self._binds_arguments or not isinstance(call.func, cst.Name):
            return None
        if call not in self._runs:
            callee = self.value(call.func).callee if self.facts.qualified_name(call.func) is None else None
            whole = _run_by(callee, call) if callee is not None else None
            self._runs[call] = whole if whole is not None and self.facts.qualified_name(whole.func) else None
        return self._runs[call]

    @cached_property
    def _binds_arguments(self) -> bool:
        """Does the module call `functools.partial`?"""
        return any(self.facts.qualified_name(call.func) == BINDS_ARGUMENTS for call in self.facts.calls)

    def given_only(self, function: cst.FunctionDef, given: Mapping[cst.Param, Value]) -> Value:
        """What a function's returns give, or a generator's yields, for a call that passes
        these values and leaves its other parameters at their defaults, nothing known of
        those without (a method's `self` aside)."""
        return self._exits_within(function, self._passing(function, given, True), None, 0)

    def given_in(self, function: cst.FunctionDef, given: Mapping[cst.Param, Value], node: cst.BaseExpression) -> Value:
        """What a node of a function's body is for a call that passes these values and
        nothing known for the function's other parameters (a method's `self` aside)."""
        return self._within(self._passing(function, given, False), [node], 0)

    def _passing(self, function: cst.FunctionDef, given: Mapping[cst.Param, Value], defaults: bool) -> Context:
        """The context of a call that passes these values, and for the function's other
        parameters (but a method's `self`) their `defaults`, or nothing known."""
        context = []
        for param in named_params(function):
            binding = self.facts.bindings.get(param.name)
            if binding is None or param.name.value in ("self", "cls"):
                continue
            default = self._value(param.default, 0) if defaults and param.default is not None else UNKNOWN
            context.append((id(binding), given.get(param, default)))
        return tuple(context)

    def yields(self, function: cst.FunctionDef) -> bool:
        """Is it a generator?"""
        return bool(self._exits(function)[0])

    def yielded(self, function: cst.FunctionDef) -> List[cst.Yield]:
        """A function's own `yield`s (`_exits`)."""
        return self._exits(function)[0]

    def at_defaults(self, node: cst.BaseExpression) -> Value:
        """The value of a node of a function's body read for a call that leaves the data
        parameters with defaults at them, as a call the module does not show may: in
        `def __init__(self, p=0.5)`, `np.log(p)` is NumPy's float64 there. Unknown outside a
        function, or in one with no such default."""
        return self._at_defaults(node, 0)

    def _at_defaults(self, node: cst.BaseExpression, depth: int) -> Value:
        function = self.facts.enclosing_function(node)
        if function is None:
            return UNKNOWN
        context = []
        for param in named_params(function):
            binding = self.facts.bindings.get(param.name)
            default = self._value(param.default, depth) if param.default is not None else UNKNOWN
            if binding is not None and default.kind in DATA_KINDS:
                context.append((id(binding), default))
        return self._within(tuple(context), [node], depth) if context else UNKNOWN

    def _value(self, node: cst.BaseExpression, depth: int) -> Value:
        return self._in_context(node, depth, self._context)

    def _within(self, context: Context, nodes: Iterable[cst.BaseExpression], depth: int) -> Value:
        """What any of these nodes may be, read within another call's context."""
        with self._reading_in(context):
            return self._joined(nodes, depth)

    @contextmanager
    def _reading_in(self, context: Context) -> Iterator[None]:
        outer, self._context = self._context, context
        try:
            yield
        finally:
            self._context = outer

    @kept
    def _in_context(self, node: cst.BaseExpression, depth: int, context: Context) -> Value:
        if self.traces.beyond(depth, MAX_TRACE_DEPTH * 4):
            return UNKNOWN
        # The nodes met most first, told by their type (syntax/nodes.py `own_nodes`).
        if type(node) is cst.Name:
            found = self._name(node, depth)
            return found if _known(found) else self._made_elsewhere(node, found, depth)
        if type(node) is cst.Call:
            found = self._call(node, depth)
            return found if _known(found) else self._made_elsewhere(node, found, depth)
        if type(node) is cst.Attribute:
            found = self._attribute(node, depth)
            return found if _known(found) else self._made_elsewhere(node, found, depth)
        if isinstance(node, cst.Integer):
            return Value(Kind.NUMBER, Dtype.INTEGER, origin=node)
        if isinstance(node, cst.Float):
            return Value(Kind.NUMBER, Dtype.FLOAT64, origin=node)
        if isinstance(node, cst.Imaginary):  # `2j`: a Python complex, two float64s
            return Value(Kind.NUMBER, Dtype.COMPLEX128, origin=node)
        if isinstance(node, cst.SimpleString):
            return self._string(node)
        if isinstance(node, cst.BooleanOperation):  # `device or best_device()`: one of them
            either = self._joined((node.left, node.right), depth)
            if either.kind is Kind.UNKNOWN and isinstance(node.operator, cst.Or):
                fallback = self._value(node.right, depth)
                if fallback.kind is Kind.INSTANCE and self._value(node.left, depth).kind is Kind.UNKNOWN:
                    # `schedule or KarrasSchedule()` of an object not known: one like it falls back to
                    return replace(fallback, or_subclass=True)
            return either
        if isinstance(node, cst.BinaryOperation):
            left, right = self._value(node.left, depth), self._value(node.right, depth)
            return replace(self._operation(node, left, right), place=together((left, right)))  # where its tensors are
        if isinstance(node, cst.UnaryOperation):
            operand = self._value(node.expression, depth)
            return operand if isinstance(node.operator, (cst.Minus, cst.Plus)) else Value(place=place_of(operand))
        if isinstance(node, cst.Comparison):  # `preds == labels`: a mask, where `preds` is
            if len(node.comparisons) != 1:
                return Value(place=place_of(self._value(node.left, depth)))
            target = node.comparisons[0]
            return compared(self._value(node.left, depth), target.operator, self._value(target.comparator, depth), node)
        if isinstance(node, cst.IfExp):
            either = self._joined(self._paths.made([node.body, node.orelse]), depth)
            # A dtype or array chosen for the device (the device-aware fix) or after the
            # data's own dtype (`float64 if x.dtype == torch.float64 else float32`) is not
            # one value.
            test = node.test
            chosen = mentions_device(test, self.facts.devices) or tests_a_dtype(self.facts, test)
            return UNKNOWN if chosen and either.kind is not Kind.DEVICE else either
        if isinstance(node, (cst.List, cst.Tuple)):
            if any(isinstance(element, cst.StarredElement) for element in node.elements):
                return Value(Kind.CONTAINER)
            parts = tuple(self._value(element.value, depth) for element in node.elements)
            return Value(Kind.CONTAINER, element=join(parts) if parts else None, parts=parts)
        if isinstance(node, (cst.ListComp, cst.GeneratorExp)):  # `[np.sqrt(i / n) for i in range(n)]`
            return Value(Kind.CONTAINER, element=self._value(node.elt, depth))
        if isinstance(node, (cst.Dict, cst.DictComp)):
            return self._dict(node, depth)
        if isinstance(node, cst.Lambda):  # a function held as a value
            return Value(Kind.CALLABLE, origin=node, callee=Callee(node, self._closure(node)))
        if isinstance(node, cst.Await):  # `await fetch(i)`: what the coroutine returns
            return self._value(node.expression, depth)
        if isinstance(node, cst.Subscript):
            held = self._value(node.value, depth)
            if held.kind is Kind.UNKNOWN and held.default_widths:  # `config["anchors"]` of what `json.load` read
                return held
            key = node.slice[0].slice if len(node.slice) == 1 else None
            named = isinstance(key, cst.Index) and isinstance(key.value, cst.SimpleString)
            if held.kind is Kind.OBJECT and held.type == OBJECT_KINDS["dataframe"] and named:
                return _column(held, node)  # `frame["rating"]`
            if held.kind is Kind.OBJECT:  # `frame[["a", "b"]]`, as probed
                return self._member(held, "__getitem__", None, node, depth)
            if held.kind is Kind.MAPPING:  # `batch["x"]`
                at = key.value if isinstance(key, cst.Index) else None
                text = self._value(at, depth) if at is not None and not isinstance(at, cst.SimpleString) else None
                if text is not None and text.kind is Kind.STRING and text.type is not None:
                    return at_key(held, text.type)  # `PRECISIONS[self.precision]` of a string known
                return looked_up(held, at)
            if held.kind is Kind.UNKNOWN and held.may_be is not None:  # what the data it may be gives
                found = may_be(subscripted(node, held.may_be))
            else:
                found = subscripted(node, held)
            if held.kind is Kind.CONTAINER or found.place is not Place.UNKNOWN:
                return found
            return replace(found, place=held.place)  # `x[:, i]`: where `x` is
        return UNKNOWN

    def _dict(self, node: "cst.Dict | cst.DictComp", depth: int) -> Value:
        """A dict: its values by key where every key is a string written out (`{"x": x,
        **more}` of a `more` whose keys are known too; a later key wins), else any of its
        values (`{k: v.to(device) for k, v in ...}`)."""
        if isinstance(node, cst.DictComp):
            return Value(Kind.MAPPING, element=self._value(node.value, depth))
        entries: List[Tuple[Optional[str], Value]] = []
        for element in node.elements:
            if isinstance(element, cst.DictElement):
                key = element.key.evaluated_value if isinstance(element.key, cst.SimpleString) else None
                entries.append((key if isinstance(key, str) else None, self._value(element.value, depth)))
            else:  # `**more`: what that dict holds
                entries.extend(entries_of(self._value(element.value, depth)))
        return mapping(entries)

    @staticmethod
    def _operation(node: cst.BinaryOperation, left: Value, right: Value) -> Value:
        """The value of arithmetic; of bitwise operators, only Python's integers' (`1 << k`)."""
        if not _is_arithmetic(node.operator):
            integers = [side.dtype for side in (left, right) if side.kind is Kind.NUMBER and side.dtype is not None]
            if len(integers) == 2 and max(integers) <= Dtype.INTEGER:
                return Value(Kind.NUMBER, max(integers), origin=node)
            return UNKNOWN
        if Kind.TENSOR in (left.kind, right.kind):
            return tensor_arithmetic(left, right, node)
        if any(may_be_tensor(side) for side in (left, right)):  # what a tensor on one path gives
            return may_be(tensor_arithmetic(left.possible or left, right.possible or right, node))
        if is_frame(left) or is_frame(right):  # `(frame - frame.mean()) / frame.std()`
            return frame_arithmetic(left, right, isinstance(node.operator, cst.Divide), node)
        made = object_arithmetic(left, right, node)  # `d_inv_sqrt @ adj` of sparse matrices
        if made is not None:
            return made
        return arithmetic(left, right, isinstance(node.operator, cst.Divide), node)

    def _made_elsewhere(self, node: cst.BaseExpression, found: Value, depth: int) -> Value:
        """What another module of the run says a call, a name or an attribute the module does
        not know gives (`table()` after `from .utils import table`, `COORDS` after `from
        .grids import COORDS`, `grid.coords` of a `grid: Grid` another module defines): its
        float64 tensor or NumPy array; or the float64 data the project's tests saw it give
        at run time."""
        export = self._imported(node)
        parts = self._imported_parts(node) if export is None and isinstance(node, cst.Call) else ()
        if parts:  # `x, y = load()` of `return x, y`; the places between, what it gives back of what is passed
            assert isinstance(node, cst.Call)
            through = self._imported_through(node)
            given = self._given_back(node, through, depth) if through else None
            back = given.parts if given is not None else ()
            return Value(Kind.CONTAINER, parts=tuple(
                _exported(part, node) if part is not None else given_back or UNKNOWN
                for part, given_back in zip_longest(parts, back)
            ))
        keyed = self._imported_keys(node) if export is None and isinstance(node, cst.Call) else {}
        if keyed:  # `batch = buffer.sample(32)` of `return {"obs": self.obs[idx], ...}`
            return mapping([(key, _exported(value, node)) for key, value in keyed.items()])
        made = self._imported_object(node) if export is None and isinstance(node, cst.Call) else None
        if made is not None:  # `scaler = fit_scaler(x)` of `return StandardScaler().fit(x)`
            return named_object(made, node)
        through = self._imported_through(node) if export is None and isinstance(node, cst.Call) else ()
        if through:  # `for xb, yb in batches(x, y, 32)` of `yield x[idx], y[idx]`
            assert isinstance(node, cst.Call)
            given = self._given_back(node, through, depth)
            return given if given is not None else found
        whole = self._imported_value(node) if export is None else None
        if whole is not None:  # `for seed, ic in ensemble(n, runs)` of `yield seed, {"pos": positions}`
            return read_back(whole.made_by, node)
        if export is None:
            return Value(Kind.NDARRAY, Dtype.FLOAT64, origin=node) if self._seen_float64(node) else found
        if export.dtype:  # `DTYPE` after `from .config import DTYPE`
            return Value(Kind.DTYPE, Dtype.named(export.width), origin=node)
        return _exported(export, node)

    def _given_back(self, call: cst.Call, rows: Sequence[Export], depth: int) -> Optional[Value]:
        """What another module's function gives back of the float64 data this call passes it
        (`Export.through` rows): at each place a row names, the data passed for the row's
        parameter where it is float64 (a tensor of it where the function makes one); None
        where the call passes none."""
        by_place: Dict[int, Value] = {}
        by_key: Dict[str, Value] = {}
        whole: Optional[Value] = None
        for row in rows:
            passed = passed_as(call, row.through)
            if passed is None:
                continue
            value, width = self._value(passed, depth + 1), Dtype.named(row.width)
            if not passed_as_read(value, self.facts.made_by(passed), row.given):
                continue
            if row.given or value.dtype is not width:
                # `soft_labels(teacher, x)`: of the object, not the object itself; `steering(freqs)`
                # of float64 frequencies, complex128 data the function makes of them
                value = Value(Kind.TENSOR if row.tensor else Kind.NDARRAY, width, origin=call)
            if row.tensor and value.kind is not Kind.TENSOR:
                value = Value(Kind.TENSOR, value.dtype, origin=value.origin)
            if row.item is not None:
                by_place[row.item[0]] = join([by_place[row.item[0]], value]) if row.item[0] in by_place else value
            elif row.key:
                by_key[row.key] = join([by_key[row.key], value]) if row.key in by_key else value
            else:
                whole = join([whole, value]) if whole is not None else value
        if by_place:
            parts = tuple(by_place.get(place, UNKNOWN) for place in range(max(by_place) + 1))
            whole = Value(Kind.CONTAINER, parts=parts)
        elif by_key:
            whole = mapping(list(by_key.items()))
        if whole is None:
            return None
        return Value(Kind.CONTAINER, element=whole) if rows[0].yielded else whole

    def _joined(self, nodes: Iterable[cst.BaseExpression], depth: int) -> Value:
        return join(self._value(node, depth) for node in nodes)

    def _string(self, node: cst.SimpleString) -> Value:
        """A device a string names (`"mps"`, `"cuda:0"`), else the string."""
        text = node.evaluated_value
        if not isinstance(text, str):  # bytes
            return UNKNOWN
        device = text.split(":")[0]
        if device in self.facts.devices:
            return Value(Kind.DEVICE, place=Place.MAY_LACK_FLOAT64, origin=node)
        if device == "cpu":
            return Value(Kind.DEVICE, place=Place.CPU, origin=node)
        if device in _WITH_FLOAT64:
            return Value(Kind.DEVICE, place=Place.WITH_FLOAT64, origin=node)
        return Value(Kind.STRING, origin=node, type=text)

    def _attribute(self, node: cst.Attribute, depth: int) -> Value:
        """A dtype (`torch.float64`), what a class sets on `self.<name>`, or an array's
        transpose."""
        if self.facts.qualified_name(node) is not None:
            return self._library_named(node)
        receiver = self._given(node.value) if isinstance(node.value, cst.Name) else None
        if receiver is not None and receiver.kind is Kind.INSTANCE:  # in a method read for an object
            return self._instance_member(receiver, node.attr.value, None, depth)
        owner = self.facts.definitions.enclosing_class(node) if is_self_attribute(node) else None
        if owner is not None:
            method = self.facts.definitions.method(owner, node.attr.value)
            if method is not None and is_property(method):  # what the class's property gives
                return self._called(method, None, depth, self._instance_of(owner, node))
            return self._set_on_self(owner, depth, node.attr.value)
        held = self._value(node.value, depth)
        if held.kind is Kind.MAPPING and held.type is not None and keys_are_attributes(held.type):
            return at_key(held, node.attr.value)  # `load_digits().data`
        if held.kind is Kind.CONTAINER and held.keys:  # `batch.reward` of a named tuple
            return at_key(held, node.attr.value)
        if held.kind is Kind.OBJECT and held.keys:  # `make_grid().initial`: another module's object
            return UNKNOWN if self.may_change(node.value, node.attr.value) else at_key(held, node.attr.value)
        if held.kind is Kind.OBJECT and _names_a_column(held, node.attr.value):  # `frame.rating`
            return _column(held, node)
        if held.kind is Kind.OBJECT:  # `scaler.mean_`, `frame.values`
            return self._member(held, node.attr.value, None, node, depth)
        if held.kind is Kind.INSTANCE:  # `grid.axes_coords` of a `grid = Grid(n)`
            return self._instance_member(held, node.attr.value, None, depth)
        if node.attr.value == "device":  # where the tensor is
            return Value(Kind.DEVICE, place=place_of(held), origin=node)
        if node.attr.value == "dtype" and (held.kind is Kind.TENSOR or held.is_array) and held.dtype is not None:
            return Value(Kind.DTYPE, held.dtype, origin=node, partial=held.partial)  # `ref.dtype`
        if node.attr.value == "T" and held.is_array:
            return held
        as_series = self._series_member(held, node.attr.value, None, node, depth) if held.is_array else None
        if as_series is not None:  # `column.astype(float).values`
            return as_series
        return Value(place=held.place)  # `x.values`: where `x` is

    def _member(
        self, owner: Value, name: str, call: Optional[cst.Call], origin: cst.BaseExpression, depth: int
    ) -> Value:
        """A method's result or an attribute of a library object, as probed: what it gives
        whatever the input, else what it gave for data of the dtype of the call's array
        (`scaler.transform(X)`) or of the data the object holds or was fitted on; a
        dtype asked of it (`frame.to_numpy(dtype="float64")`, `frame.astype(np.float32)`: a
        frame of that dtype, as the probe saw `astype` give frames). Not known of another
        module's object, known by its attributes alone (`make_grid().as32()`)."""
        if owner.type is None and owner.keys:
            return UNKNOWN
        qualified = f"{owner.type}.{name}"
        asked = (_dtype_asked(call, name) or keyword(call, "dtype")) if call is not None else None
        if asked is not None:
            kind = kind_whatever_given(qualified)
            if kind in OBJECT_KINDS:
                return Value(Kind.OBJECT, self._dtype(asked, depth), origin=origin, type=OBJECT_KINDS[kind])
            return Value(Kind.NDARRAY, self._dtype(asked, depth), origin=origin)
        bare = of_an_object_made_bare(qualified)
        if bare is not None:  # `vectorizer.fit_transform(texts)`: a float64 sparse matrix, as probed
            if owner.dtype is not None:  # `TfidfVectorizer(dtype=np.float32)`: of that dtype
                return replace(seen_value(bare, origin), dtype=owner.dtype)
            return seen_value(bare, origin) if _made_bare(owner) else UNKNOWN
        holder = object_given(qualified)
        if holder is not None:  # `frame.rolling(5)`: a window of the frame's data
            return Value(Kind.OBJECT, owner.dtype, origin=origin, type=holder, default_widths=owner.default_widths)
        arguments = [self._value(arg, depth + 1) for arg in positional(call)] if call is not None else []
        # `rng.random()`, of a generator: the numbers alone it was given; not of an object of
        # data whose dtype is not known (`matrix.toarray()`: its data's)
        by_numbers = owner.dtype is None and not holds_data(owner.type or "")
        alone = of_numbers_one_by_one(qualified, arguments, call) if call is not None and by_numbers else None
        if alone is not None:  # `rng.uniform(-0.05, 0.05)`, `rng.random()`: as the probe saw as many numbers give
            return alone
        found = input_independent(qualified)
        if found is None:
            # the data given: an array, or a frame (`scaler.fit_transform(frame[columns])`)
            given = arrays_in(arguments[:1]) or [argument for argument in arguments[:1] if is_frame(argument)]
            data = given[0].dtype if given else owner.dtype
            widths = data is None and (given[0] if given else owner).default_widths
            if widths and not self._given_data(call, depth):  # `frame.values` of a CSV's frame, not `assign(b=...)`
                found = seen_given_default_widths(qualified)
            input_class = INPUT_CLASSES.get(data) if data is not None else None
            numbers = arguments if data is None else []
            of_numbers = number_class(numbers) if all(n.kind is Kind.NUMBER for n in numbers) else None
            if call is not None and data is None and keyword(call, "size") is not None:
                # `rng.normal(0.0, 0.02, size=(n, 4))`, `rng.integers(0, 256, size=(n, 4))`:
                # numbers given, an array asked for: as the probe made one of such numbers
                asked_for = array_seen_given(qualified, of_numbers) if of_numbers is not None else None
                asked_for = asked_for or array_seen_given(qualified, "none")
                return seen_value(asked_for, origin) if asked_for is not None else UNKNOWN
            found = found or (seen_given(qualified, input_class) if input_class is not None else None)
        if found is not None:
            return seen_value(found, origin)
        kind = kind_whatever_given(qualified)
        if kind in OBJECT_KINDS:  # `frame[columns]` of a frame whose dtype is not known: a frame
            return Value(Kind.OBJECT, origin=origin, type=OBJECT_KINDS[kind])
        return UNKNOWN if was_probed(qualified) else by_hand(owner, name, call, origin)

    def _given_data(self, call: Optional[cst.Call], depth: int) -> bool:
        """Is a call given data by keyword (`frame.assign(b=column.astype("float32"))`)?"""
        values = [self._value(arg.value, depth + 1) for arg in call.args if arg.keyword] if call is not None else []
        return any(value.possible is not None or is_frame(value) for value in values)

    @kept
    def _set_on_self(self, owner: cst.ClassDef, depth: int, name: str) -> Value:
        """What a class (and its bases) may hold in `self.<name>`: worked out once for all
        the reads of it (a class may read an attribute in a hundred methods)."""
        values = self._paths.set_on_self(self.classes.set_on(owner, name))
        # an empty list or tuple written out (`self.state = []` in `__init__`) adds no element
        # to what the others hold (`self.state = [rng.uniform(-1, 1) for _ in range(4)]`)
        values = [value for value in values if not _empty_sequence(value)] or values
        held = join(self._set_value(value, depth + 1) for value in values)
        if held.kind is Kind.OBJECT and held.dtype is None:  # `self.pca.fit(embeddings)` in a method
            held = self._fitted_by(held, self.classes.called_on(owner, name), depth)
        if held.kind is Kind.MAPPING and self._dicts.of_attribute(name):
            return Value(Kind.MAPPING)  # `self.buffers["freqs"] = ...`: what it holds is not known
        with self._reading_in(()):
            # what the methods add to the lists it holds (`self.history[task].append(loss)`)
            held = self._grown_inside(held, self.classes.added_on(owner, name, inside=True), depth)
            if held.kind is not Kind.CONTAINER or held.parts:
                return held
            return self._with_added(held, self.classes.added_on(owner, name), depth)  # a list they append to

    def _set_value(self, value: cst.BaseExpression, depth: int) -> Value:
        """A value a method sets on `self`, read for any call of it: for the calls the module
        shows, else for one that leaves the method's data parameters at their defaults
        (`Prior()` of `def __init__(self, p=0.5): self.logit = np.log(p)`)."""
        found = self._within((), [value], depth)
        if found.kind is not Kind.UNKNOWN:
            return found
        at_defaults = self._at_defaults(value, depth)
        return at_defaults if at_defaults.kind is not Kind.UNKNOWN else found

    def _library_named(self, node: cst.BaseExpression) -> Value:
        """What a library's name is: a dtype (`torch.float64`), or a Python number as the
        probe found it (`math.pi`, `np.inf`)."""
        spelled = dtype_of(self.facts, node)
        if spelled is not None:
            return Value(Kind.DTYPE, _WIDTHS[spelled.width], origin=node)
        kind = constant_kind(self.facts.qualified_name(node) or "")
        return seen_value(Seen(kind, None), node) if kind is not None else UNKNOWN

    def _name(self, node: cst.Name, depth: int) -> Value:
        found = self._name_value(node, depth)
        if found.kind is Kind.MAPPING and self._dicts.of_name(node):
            return Value(Kind.MAPPING)  # `batch["x"] = batch["x"].float()`: what it holds is not known
        if is_frame(found) and self._dicts.of_name(node):  # `frame[columns] = ...`
            return self._with_columns_set(node, found, depth)
        if found.kind is Kind.OBJECT and found.dtype is None:  # `pca.fit(x)` as a statement of its own
            return self._fitted_in_place(node, found, depth)
        if found.kind is Kind.INSTANCE and found.dtype is not None:  # `model.float()` as a statement of its own
            return self._cast_in_place(node, found, depth)
        if (found.mixed or found.partial) and self._dicts.filtered(node):
            return UNKNOWN  # some of a dict's values, of several dtypes: which, the code decides
        return found

    def _fitted_in_place(self, node: cst.Name, held: Value, depth: int) -> Value:
        """A library object a name holds, fitted by the calls of its methods that fit it and
        give it back (`pca.fit(patches)`, its result left)."""
        binding = self.facts.bindings.get(node)
        reads = [
            read for seen in (binding.reaching() if binding is not None else ())
            for read in self.facts.reads_by_binding.get(id(seen), ())
        ]
        calls = []
        for read in reads:
            method = self.facts.parent(read)
            if isinstance(method, cst.Attribute) and method.value is read:
                call = self.facts.parent(method)
                if isinstance(call, cst.Call) and call.func is method:
                    calls.append(call)
        return self._fitted_by(held, calls, depth)

    def _fitted_by(self, held: Value, calls: List[cst.Call], depth: int) -> Value:
        """A library object, fitted by those of these calls of its methods that fit it and
        give it back (`fit`): on data of the dtype they are all given, where that is known."""
        methods = [call.func.attr.value for call in calls if isinstance(call.func, cst.Attribute)]
        if SETS_PARAMETERS & set(methods):  # `vectorizer.set_params(dtype=np.float32)`: made otherwise
            return Value(Kind.OBJECT, type=held.type)
        given = [
            self._joined(positional(call)[:1], depth + 1)
            for call in calls if isinstance(call.func, cst.Attribute) and call.func.attr.value in RETURNS_SELF
        ]
        fitted = join(given) if given else UNKNOWN
        if not fitted.is_array or fitted.dtype is None or fitted.partial:
            return held
        return replace(held, dtype=fitted.dtype)

    def _with_columns_set(self, node: cst.Name, frame: Value, depth: int) -> Value:
        """A frame whose columns the code sets (`frame["price"] = 100 * frame["sqft"]`): of
        what NumPy promotes its dtype and theirs to, where each value set is of a dtype known
        and no narrower (its reads of the frame read it as made); of no known dtype where
        one is not, or the code changes it otherwise (`frame[cols] = frame[cols].astype(
        "float32")` may leave no float64 column)."""
        unknown = Value(Kind.OBJECT, origin=frame.origin, type=frame.type)
        binding = self.facts.bindings.get(node)
        if binding is not None and id(binding) in self._frames_set:
            return frame  # read in a value set: the frame as made
        values = self._dicts.set_items(node) if binding is not None else None
        if frame.dtype is None or binding is None or values is None:
            return unknown
        self._frames_set.add(id(binding))
        try:
            dtypes = [self._value(value, depth + 1).dtype for value in values]
        finally:
            self._frames_set.discard(id(binding))
        if any(dtype is None or dtype < frame.dtype for dtype in dtypes):
            return unknown
        return replace(frame, dtype=reduce(numpy_promoted, [d for d in dtypes if d is not None], frame.dtype))

    def _name_value(self, node: cst.Name, depth: int) -> Value:
        if node.value in ("True", "False"):
            return Value(Kind.NUMBER, Dtype.BOOL, origin=node)
        if node.value == "None":
            return Value(Kind.NONE)
        binding = self.facts.bindings.get(node)
        if binding is not None and binding.qualified_name is not None:  # a library's dtype or number, or imported
            library = self._library_named(node)
            return library if library.kind is not Kind.UNKNOWN else self._made_elsewhere(node, library, depth)
        if binding is None:
            return UNKNOWN
        given = self._given(node)
        if given is not None and given.kind is not Kind.UNKNOWN:  # within a call of its function
            return given
        parameter = self.facts.parameter(binding)
        if parameter is not None:  # `n: int`, `scale: float`: a Python number as declared
            annotation = parameter[1].annotation
            declared = annotation.annotation if annotation is not None else None
            named = declared.value if isinstance(declared, cst.Name) else None
            if named in _ANNOTATED_NUMBERS:
                return Value(Kind.NUMBER, _ANNOTATED_NUMBERS[named], origin=node)
            declared_class = self.facts.definitions.class_named(declared) if isinstance(declared, cst.Name) else None
            if declared_class is not None:  # `grid: Grid`: an object of that class or of a subclass
                return self._instance_of(declared_class, node, or_subclass=True)
            if declared is not None and float_sequence(self.facts, declared):  # `probas: List[float]`
                return Value(Kind.CONTAINER, element=Value(Kind.NUMBER, Dtype.FLOAT64, origin=node))
            if id(binding) in self._range_bounds:  # `range(n)` takes only integers
                return Value(Kind.NUMBER, Dtype.INTEGER, origin=node)
            passed = given if given is not None else self._passed(parameter[0], parameter[1], depth)
            probed_class = self._probed_class(declared) if declared is not None else None
            if passed.kind is Kind.UNKNOWN and probed_class is not None:  # `rng: np.random.Generator`, not passed here
                return Value(Kind.OBJECT, origin=node, type=probed_class)
            return passed
        gathering = self._star_parameters.get(id(binding))
        if gathering is not None:
            return self._gathered(gathering, depth)
        if range_counter(self.facts, node):
            return Value(Kind.NUMBER, Dtype.INTEGER, origin=node)
        values = []
        unknown_path = False  # a binding whose value is not known (a parameter) reaches it
        reaching = self._reached_in_the_call(node, self._paths.reaching(node, binding.reaching()))
        tested = self._past_float64_tests(node, reaching, depth)
        for seen in reaching:
            if seen.value is not None and chosen_by_data(self.facts, seen.value):
                continue  # only where the data is complex128 or objects
            value = self._bound_value(node, seen, depth)
            if value is None:
                unknown_path = True
                continue
            # `if x.dtype == torch.float64: x = x.float()`: passed by all but float64
            values.append(without_float64(value) if id(seen) in tested else value)
        joined = join(values)
        if unknown_path:  # not known, but it may be the array or tensor another path gives
            joined = Value(may_be=joined.possible) if joined.possible is not None else UNKNOWN
        if moved_off_mps_only(self.facts, self.facts.reaching_values(node), node.value):
            return replace(joined, place=Place.CPU)  # never on MPS after `if x.device.type == "mps": x = x.cpu()`
        return joined

    def _reached_in_the_call(self, node: cst.Name, reaching: Sequence[Binding]) -> Sequence[Binding]:
        """The bindings that may reach a read of a name in the call of its function being
        read into, where the call decides branches (`_exits_within`); all, elsewhere."""
        function = self.facts.enclosing_function(node) if len(reaching) > 1 else None
        if function is None:
            return reaching
        call = next((value.origin for key, value in self._context if key == id(function)), None)
        if not isinstance(call, cst.Call):
            return reaching
        past = self._paths.past_branches(node, reaching)
        return bindings_reached(self.facts, function, self._constants_of(function, call), reaching, past)

    def _constants_of(self, function: cst.FunctionDef, call: cst.Call) -> Given:
        """What a call hands its function's parameters that a test of them can tell (worked
        out once per call and function: `branches_taken.constants`)."""
        key = (function, call)
        if key not in self._call_constants:
            of_an_object = self._of_an_object(function, call)
            self._call_constants[key] = constants(self.facts, function, call, self._bound, of_an_object)
        return self._call_constants[key]

    def _probed_class(self, declared: cst.BaseExpression) -> Optional[str]:
        """The probed library class an annotation names, when given (`np.random.Generator`,
        `Optional[StandardScaler]`, `pd.DataFrame | None`)."""
        if isinstance(declared, cst.BinaryOperation) and isinstance(declared.operator, cst.BitOr):
            sides = (declared.left, declared.right)
            given = [side for side in sides if not (isinstance(side, cst.Name) and side.value == "None")]
            return self._probed_class(given[0]) if len(given) == 1 else None
        if isinstance(declared, cst.Subscript) and self.facts.qualified_name(declared.value) == "typing.Optional":
            inner = declared.slice[0].slice if len(declared.slice) == 1 else None
            return self._probed_class(inner.value) if isinstance(inner, cst.Index) else None
        named = self.facts.qualified_name(declared) if isinstance(declared, (cst.Name, cst.Attribute)) else None
        if named is None or named in (TENSOR_TYPE, ARRAY_TYPE):  # tensors and arrays: data, read as such
            return None
        return named if is_type(named) else None

    def _past_float64_tests(self, node: cst.Name, reaching: Sequence[Binding], depth: int) -> Set[int]:
        """The bindings (by id) whose float64 a test taken by every float64 value of the
        name stops, binding it again to a known narrower dtype (`if x.dtype ==
        torch.float64: x = x.float()`; not `x = x.to(dtype)`)."""
        stopped = set()
        for seen, again, branch in self._paths.past_branches(node, reaching):
            held = self._bound_value(node, seen, depth)
            if held is None or not (held.is_array or held.kind is Kind.TENSOR):
                continue
            narrowed = self._bound_value(node, again, depth)
            if narrowed is None or not narrowed.known_narrow:
                continue
            if holds_for_float64(self.facts, branch.test, node.value, tensor=held.kind is Kind.TENSOR):
                stopped.add(id(seen))
        return stopped

    def _bound_value(self, node: cst.Name, seen: Binding, depth: int) -> Optional[Value]:
        """What a binding that reaches a read of a name gives it; None when not known (a
        parameter's)."""
        if seen.iterated is not None:  # `for (points,) in batches(grid):`
            return part_at(self._element(seen.iterated, depth + 1), seen.path)
        if seen.unpacked is not None:  # `x, y = batch`
            return part_at(self._value(seen.unpacked, depth + 1), seen.path)
        if seen.entered is not None:  # `with np.load(path) as f`: a library's object or data enters as itself
            entered = self._value(seen.entered, depth + 1)
            return entered if entered.kind in (Kind.NDARRAY, Kind.OBJECT) else None
        if isinstance(seen.definition, cst.FunctionDef) and not self._is_a_method(seen.definition):
            return self._decorated(seen.definition, depth) or self._as_a_value(seen.definition)
        if seen.value is None:
            return None
        value = self._value(seen.value, depth + 1)
        grows = isinstance(seen.value, cst.List) or (value.kind is Kind.CONTAINER and not value.parts)
        if grows and seen.part is None:  # and what is added to it
            value = self._grown(node, value, depth)
        if seen.part is None:  # and to the lists it holds
            value = self._grown_inside(value, self.facts.added_inside(node), depth)
        return item_of(value, seen.part) if seen.part is not None else value

    def _given(self, node: cst.Name) -> Optional[Value]:
        """What the call being read into passes for the parameter a name reads."""
        binding = self.facts.bindings.get(node)
        if binding is None:
            return None
        return next((value for key, value in self._context if key == id(binding)), None)

    def _instance_of(self, owner: cst.ClassDef, origin: cst.CSTNode, or_subclass: bool = False) -> Value:
        name = self.facts.definitions.qualified_name(owner)
        return Value(Kind.INSTANCE, origin=origin, type=name, or_subclass=or_subclass)

    def exported(self, value: Value) -> Value:
        """A value as another module reads it (a `VALUE` row): an object of one of the
        module's classes by its attributes (`attributes_of`), one of its functions by what
        it gives whatever it is passed (`SCHEDULES = {"cosine": cosine_betas}`: as a
        callable's element), in the parts and elements of what holds them too."""
        if value.kind is Kind.INSTANCE:
            return self.attributes_of(value)
        target = value.callee.target if value.callee is not None else None
        if isinstance(target, cst.FunctionDef) and not self._is_a_method(target) and value.callee is not None:
            returned = self._exits_within(target, value.callee.context, None, 0)
            return Value(Kind.CALLABLE, element=returned, origin=value.origin)
        if value.kind not in (Kind.CONTAINER, Kind.MAPPING):
            return value
        parts = tuple(self.exported(part) for part in value.parts)
        element = self.exported(value.element) if value.element is not None else None
        return replace(value, element=join(parts) if parts and element is not None else element, parts=parts)

    def attributes_of(self, value: Value, depth: int = 0) -> Value:
        """An object of one of the module's classes as another module, or `vars()`, reads
        it: an object whose attributes are known (those it holds itself,
        `Classes.instance_attributes`, each as the class gives it: a dataclass's fields as
        the call that made it passes them), not one known only by an annotation (it may be
        of any subclass); any other value as it is."""
        owner = self._classes_by_name.get(value.type or "") if value.kind is Kind.INSTANCE else None
        if owner is None or value.or_subclass:
            return value
        names = self.classes.instance_attributes(owner)
        parts = tuple(self._instance_member(value, name, None, depth) for name in names)
        return Value(Kind.OBJECT, keys=tuple(names), parts=parts, origin=value.origin)

    def _instance_member(self, instance: Value, name: str, call: Optional[cst.Call], depth: int) -> Value:
        """A member of an object of one of the module's classes, read from its class: what
        a method called gives, what a property gives, else what the class's methods set on
        `self.<name>`, each read with that object as `self`. An object known by its
        annotation may be of any subclass of it: what each of those gives, joined."""
        owner = self._classes_by_name.get(instance.type or "")
        if owner is None:
            return UNKNOWN
        classes = [owner, *self._subclasses.get(owner, ())] if instance.or_subclass else [owner]
        found = []
        for current in classes:
            exact = self._instance_of(current, instance.origin or current)
            method = self.facts.definitions.method(current, name)
            if method is not None and (call is not None or is_property(method)):
                found.append(self._called(method, call, depth, exact))
            elif method is None and call is None:
                passed = self._field_passed(current, instance, name, depth)  # `Config(anchors=a).anchors`
                found.append(passed if passed is not None else self._set_on_self(current, depth, name))
            elif call is not None and self._keeps_layer(current, name):
                found.append(self._layer_output(call, depth))
            else:
                found.append(UNKNOWN)
        return join(found)

    def _field_passed(self, owner: cst.ClassDef, instance: Value, name: str, depth: int) -> Optional[Value]:
        """A field of a dataclass object the code shows made (`cfg = Config(anchors=a)`):
        what that call passes for it, else its default; None for an object made elsewhere,
        or a field a method sets."""
        made = instance.origin
        if not isinstance(made, cst.Call) or self.facts.definitions.instantiated(made) is not owner:
            return None
        given = self.classes.field_given(made, owner, name)
        return self._value(given, depth + 1) if given is not None else None

    def _closure(self, function: Union[cst.FunctionDef, cst.Lambda]) -> Context:
        """The parameters a function made in another's body reads of it: those of the call
        being read into (none for one made at module level)."""
        return self._context if self.facts.enclosing_function(function) is not None else ()

    def _as_a_value(self, function: Union[cst.FunctionDef, cst.Lambda]) -> Value:
        return Value(Kind.CALLABLE, origin=function, callee=Callee(function, self._closure(function)))

    def _decorated(self, function: cst.FunctionDef, depth: int) -> Optional[Value]:
        """What a function the module's own decorators wrap is: what they give for it
        (`wrapper`, reading the function as `fn`); None when no decorator is the module's
        (a library's, `@torch.no_grad()`, `@lru_cache`, calls it as written), or for a method."""
        if self._is_a_method(function):
            return None
        found, wrapped = self._as_a_value(function), False
        for decorator in reversed(function.decorators):
            wrapper = self._value(decorator.decorator, depth + 1)
            if wrapper.callee is None:
                continue
            found, wrapped = self._apply(wrapper.callee, [found], {}, depth), True
        return found if wrapped and found.callee is not None else None

    def _is_a_method(self, function: cst.FunctionDef) -> bool:
        """Is it a class's own (not a function made in a method's body)?"""
        in_function = self.facts.enclosing_function(function) is not None
        return not in_function and self.facts.definitions.enclosing_class(function) is not None

    def _function_called(self, function: cst.FunctionDef, call: cst.Call, depth: int) -> Value:
        """What a call of one of the module's functions gives: through the module's own
        decorators of it, if any (`_decorated`)."""
        decorated = self._decorated(function, depth)
        if decorated is None:
            return self._called(function, call, depth)
        assert decorated.callee is not None
        return self._call_of(decorated.callee, call, depth)

    def _call_of(self, callee: Callee, call: cst.Call, depth: int) -> Value:
        """What a call of a function held as a value gives: its body read with what the call
        passes (after what `partial` bound first), or the library's function called so."""
        if not isinstance(callee.target, (cst.FunctionDef, cst.Lambda)):
            return self._library_called(callee, call, depth)
        given = self._arguments(call.args, depth)
        if given is None:
            return UNKNOWN
        if callee.bound is not None:
            with self._reading_in(callee.context):
                bound = self._arguments(callee.bound.args[1:], depth)
            if bound is None:
                return UNKNOWN
            given = ([*bound[0], *given[0]], {**bound[1], **given[1]})
        return self._apply(callee, given[0], given[1], depth)

    def _arguments(
        self, args: Sequence[cst.Arg], depth: int
    ) -> Optional[Tuple[List[Value], Dict[str, Value]]]:
        """What a call passes, by place and by keyword: a tuple's or a dict's written out
        too (`fn(*args, **kwargs)` of a wrapper's own); None where one's size is not known."""
        by_place: List[Value] = []
        by_keyword: Dict[str, Value] = {}
        for arg in args:
            value = self._value(arg.value, depth + 1)
            if arg.keyword is not None:
                by_keyword[arg.keyword.value] = value
            elif arg.star == "*" and value.kind is Kind.CONTAINER and (value.parts or value.element is None):
                by_place.extend(value.parts)
            elif arg.star == "**" and value.kind is Kind.MAPPING and (value.keys or value.element is None):
                by_keyword.update(zip(value.keys, value.parts))
            elif arg.star:
                return None
            else:
                by_place.append(value)
        return by_place, by_keyword

    def _apply(self, callee: Callee, by_place: List[Value], by_keyword: Dict[str, Value], depth: int) -> Value:
        """What one of the module's functions or lambdas held as a value gives for these
        arguments, read with the parameters it closes over."""
        target = callee.target
        if not isinstance(target, (cst.FunctionDef, cst.Lambda)):
            return UNKNOWN
        context: List[Tuple[int, Value]] = []
        by_keyword = dict(by_keyword)  # what no parameter takes by its name goes to `**kwargs`
        params = target.params
        positional_params = [*params.posonly_params, *params.params]
        for index, param in enumerate([*positional_params, *params.kwonly_params]):
            if index < len(by_place) and index < len(positional_params):
                value = by_place[index]
            elif param.name.value in by_keyword:
                value = by_keyword.pop(param.name.value)
            elif param.default is not None:
                value = self._within(callee.context, [param.default], depth + 1)
            else:
                value = UNKNOWN
            context.append(self._parameter_given(param, value))
        extra = by_place[len(positional_params):]
        if isinstance(params.star_arg, cst.Param):  # `*args`: the rest, by place
            context.append(self._parameter_given(params.star_arg, Value(Kind.CONTAINER, parts=tuple(extra))))
        if isinstance(params.star_kwarg, cst.Param):  # `**kwargs`: the rest, by keyword
            context.append(self._parameter_given(params.star_kwarg, mapping(list(by_keyword.items()))))
        known = (*(pair for pair in context if pair[0] != 0), *callee.context)
        if isinstance(target, cst.Lambda):
            return self._within(known, [target.body], depth + 1)
        return self._exits_within(target, known, None, depth)

    def _parameter_given(self, param: cst.Param, value: Value) -> Tuple[int, Value]:
        """A parameter's binding (by id; 0 for none) with what it is read as (`_as_parameter`)."""
        binding = self.facts.bindings.get(param.name)
        return (id(binding) if binding is not None else 0), self._as_parameter(param, value)

    def _library_called(self, callee: Callee, call: cst.Call, depth: int) -> Value:
        """A library's function or method `partial` bound arguments of, called: as the call
        of it with those arguments first (`partial(rng.beta, 0.4, 0.4)(size=n)` is
        `rng.beta(0.4, 0.4, size=n)`), where what it gives is made."""
        whole = _run_by(callee, call)
        if whole is None:
            return UNKNOWN
        name = self.facts.qualified_name(whole.func)
        if name is not None:
            return relocated(self._library_call(whole, name, depth), whole, call)
        if not isinstance(whole.func, cst.Attribute):
            return UNKNOWN
        receiver = self._value(whole.func.value, depth + 1)
        if receiver.kind is not Kind.OBJECT:
            return UNKNOWN
        return self._member(receiver, whole.func.attr.value, whole, call, depth)

    def _field_default(self, call: cst.Call, depth: int) -> Value:
        """`field(default=x)`: x; `field(default_factory=f)`: what `f()` gives, of a function
        or lambda of the module (`lambda: np.array([0.485, 0.456, 0.406])`)."""
        default, factory = FIELD_DEFAULT_KEYWORDS
        given = keyword(call, default)
        if given is not None:
            return self._value(given, depth + 1)
        made_by = keyword(call, factory)
        made = self._called_bare(made_by, depth) if made_by is not None else None
        return made if made is not None else UNKNOWN

    def _filled_by(self, factory: List[cst.BaseExpression], depth: int) -> Value:
        """A dict whose missing keys get what a factory makes: an empty list, tuple or deque
        (`list`), or what a lambda or function of the module gives."""
        if not factory:
            return Value(Kind.MAPPING)
        if self.facts.qualified_name(factory[0]) in COLLECTS_ELEMENTS:
            return Value(Kind.MAPPING, element=Value(Kind.CONTAINER))
        return Value(Kind.MAPPING, element=self._called_bare(factory[0], depth))

    def _called_bare(self, function: cst.BaseExpression, depth: int) -> Optional[Value]:
        """What a lambda or a function of the module a factory names gives called with no
        arguments; None for another (a library's, one `partial` bound arguments of)."""
        callee = self._value(function, depth + 1).callee
        return self._apply(callee, [], {}, depth) if callee is not None and callee.bound is None else None

    def _partial(self, call: cst.Call, depth: int) -> Value:
        """`functools.partial(f, ...)`: a function that calls `f` with these arguments first."""
        args = positional(call)
        if not args or call.args[0].keyword is not None or call.args[0].star:
            return UNKNOWN
        function = self._value(args[0], depth + 1)
        if function.callee is None:  # a library's (`rng.beta`): called as written, when called
            return Value(Kind.CALLABLE, origin=call, callee=Callee(args[0], self._context, call))
        if function.callee.bound is not None:
            return UNKNOWN
        context = (*function.callee.context, *self._context)  # its own, and the partial's arguments'
        return Value(Kind.CALLABLE, origin=call, callee=Callee(function.callee.target, context, call))

    def _mapped(self, call: cst.Call, depth: int) -> Value:
        """`map(f, xs, ...)`: what `f` gives for an element of each iterable, one by one."""
        args = positional(call)
        function = self._value(args[0], depth + 1) if args else UNKNOWN
        if function.callee is None or function.callee.bound is not None or any(arg.star for arg in call.args):
            return Value(Kind.CONTAINER)
        elements = [item_of(self._value(arg, depth + 1)) for arg in args[1:]]
        return Value(Kind.CONTAINER, element=self._apply(function.callee, elements, {}, depth))

    def _calls_a_layer_kept(self, call: cst.Call) -> bool:
        """Does a call call one of torch's layers its class keeps on `self` (`self.qkv(x)`)?"""
        if not is_self_attribute(call.func):
            return False
        owner = self.facts.definitions.enclosing_class(call)
        return owner is not None and self._keeps_layer(owner, call.func.attr.value)

    def _keeps_layer(self, owner: cst.ClassDef, name: str) -> bool:
        """Is every value a class sets `self.<name>` to one of torch's layers (`self.qkv =
        nn.Linear(d, 3 * d)`)?"""
        values = self.classes.set_on(owner, name)
        return bool(values) and all(
            isinstance(value, cst.Call) and is_layer(self.facts.qualified_name(value.func)) for value in values
        )

    def _layer_output(self, call: cst.Call, depth: int) -> Value:
        """What one of torch's layers gives for the tensors it is called on: a tensor where
        they are (of the layer's dtype, not known here)."""
        given = [self._value(argument, depth + 1) for argument in positional(call)]
        tensors = [value for value in given if value.kind is Kind.TENSOR]
        return Value(Kind.TENSOR, place=together(tensors)) if tensors else UNKNOWN

    def may_change(self, holder: cst.BaseExpression, name: str) -> bool:
        """May the code change an attribute of the object an expression holds: one of that
        name it sets on anything (`attributes_set_here`), or any, where a name holding it is
        handed to another call (`to32(grid)`; not `vars(grid)`, which reads them)?"""
        if name in self.attributes_set_here:
            return True
        binding = self.facts.bindings.get(holder) if isinstance(holder, cst.Name) else None
        for seen in binding.reaching() if binding is not None else ():
            for read in self.facts.reads_by_binding.get(id(seen), ()):
                if read is holder:
                    continue
                argument = self.facts.parent(read)
                call = self.facts.parent(argument) if isinstance(argument, cst.Arg) else None
                if isinstance(call, cst.Call) and self.facts.qualified_name(call.func) != ATTRIBUTES_AS_DICT:
                    return True
        return False

    @cached_property
    def attributes_set_here(self) -> FrozenSet[str]:
        """The names of the attributes the module sets on anything but `self` (`grid.initial =
        grid.initial.astype(np.float32)`): what another module's object holds there is not
        what it was made with."""
        assigned = self.facts.attributes_assigned
        return frozenset(target.attr.value for target in assigned if not is_self_attribute(target))

    @cached_property
    def _classes_by_name(self) -> Dict[str, cst.ClassDef]:
        return {self.facts.definitions.qualified_name(owner): owner for owner in self.facts.classes}

    @cached_property
    def _subclasses(self) -> Dict[cst.ClassDef, List[cst.ClassDef]]:
        """The classes of the module that derive from each class of it (not itself)."""
        found: Dict[cst.ClassDef, List[cst.ClassDef]] = {}
        for owner in self.facts.classes:
            for base in self.facts.definitions.resolution_order(owner):
                if base is not owner:
                    found.setdefault(base, []).append(owner)
        return found

    def _defines(self, instance: Value, method: str) -> bool:
        """Does the class of an object of the module's classes define this method itself
        (or a base of it in the module)?"""
        owner = self._classes_by_name.get(instance.type or "")
        return owner is not None and self.facts.definitions.method(owner, method) is not None

    def _run_by_a_call(self, instance: Value) -> Optional[str]:
        """The method calling an object of the module's classes runs (`RUN_BY_A_CALL`), if
        its class has one."""
        if instance.kind is not Kind.INSTANCE:
            return None
        return next((name for name in RUN_BY_A_CALL if self._defines(instance, name)), None)

    def _call_sites(self, function: cst.FunctionDef) -> List[cst.Call]:
        """The module's calls of a function: those it resolves by name, for the method an
        object's call runs the calls of objects of its class (`layer(x)`), and for a
        closure its factory returns the calls of what the factory's calls made."""
        return [
            *self.facts.definitions.call_sites(function), *self._object_calls.get(function, ()),
            *self._closure_calls(function),
        ]

    def _closure_calls(self, function: cst.FunctionDef) -> List[cst.Call]:
        """The calls of a function another function defines and returns, through the names
        bound to that factory's calls (`to_device(x)` of `to_device = make_to_device(device)`
        where `make_to_device` returns its `to_device`)."""
        if function not in self._closures_called:
            factory = self.facts.enclosing_function(function)
            returned = self._exits(factory)[1] if factory is not None else []
            found = []
            if any(isinstance(value, cst.Name) and value.value == function.name.value for value in returned):
                for call in self.facts.calls:
                    made = self.facts.reaching_values(call.func) if isinstance(call.func, cst.Name) else []
                    if made and all(
                        isinstance(value, cst.Call) and self.facts.definitions.callee(value) is factory
                        for value in made
                    ):
                        found.append(call)
            self._closures_called[function] = found
        return self._closures_called[function]

    def _of_an_object(self, function: cst.FunctionDef, call: cst.Call) -> bool:
        """Is the call one of an object, which runs this method of its class (`layer(x)`,
        `transform(image)` of a parameter given an object): one that does not name it?"""
        name = function.name.value
        if name not in RUN_BY_A_CALL or not self._is_a_method(function):
            return False
        return not (isinstance(call.func, cst.Attribute) and call.func.attr.value == name)

    @cached_property
    def _object_calls(self) -> Dict[cst.FunctionDef, List[cst.Call]]:
        """The calls of objects of the module's classes, by the method they run: of a name
        every binding of which makes an object of one class (`layer = Attention(d).to(device)`,
        then `layer(x)`), or of an object made there (`Attention(d)(x)`)."""
        found: Dict[cst.FunctionDef, List[cst.Call]] = {}
        definitions = self.facts.definitions
        for call in self.facts.calls:
            owner = self._class_called(call.func)
            runs = (definitions.method(owner, name) for name in RUN_BY_A_CALL) if owner is not None else iter(())
            method = next((found_method for found_method in runs if found_method is not None), None)
            if method is not None:
                found.setdefault(method, []).append(call)
        return found

    def _class_called(self, func: cst.BaseExpression) -> Optional[cst.ClassDef]:
        """The class of the module an object called is of, if one (`_object_calls`)."""
        if isinstance(func, cst.Name):
            binding = self.facts.bindings.get(func)
            if binding is None or binding.qualified_name is not None or binding.definition is not None:
                return None
            made = {self._class_made(seen.value) for seen in binding.reaching()}
            return made.pop() if len(made) == 1 else None
        return self._class_made(func)

    def _class_made(self, node: Optional[cst.BaseExpression]) -> Optional[cst.ClassDef]:
        """The class of the module an expression makes an object of: `Net(d)`, also moved
        or switched to evaluation (`Net(d).to(device).eval()`)."""
        while (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value in MODULE_GIVES_ITSELF
        ):
            node = node.func.value
        return self.facts.definitions.instantiated(node) if isinstance(node, cst.Call) else None

    def _passed(self, function: cst.FunctionDef, param: cst.Param, depth: int) -> Value:
        """A parameter: the data the module's calls of its function pass for it (its
        default where one leaves it out); not known when no call of the module shows it.
        Only the calls that may put what it makes on MPS are read: not one off MPS, nor one
        that gives the function a device without MPS (`build(n, "cpu", torch.float64)`). A
        device passed is not followed, nor a dtype the function does more with than hand
        on to torch or NumPy: a helper handed one often checks it (`if device.type ==
        "mps" and dtype == torch.float64: return torch.float32`). What other modules' calls
        pass is float64 data that may reach MPS there (`passed_in`), joined with it, and
        one of several dtypes: the function's other callers are not all known, and a cast
        in it would change what they pass."""
        rows = self._passed_in(function, param)
        elsewhere = [replace(_exported(row, param.name), mixed=True) for row in rows if not row.key]
        # a dict's float64 values (`agent.update(buffer.sample(64))`), or an object's
        keyed: List[Tuple[Optional[str], Value]] = [
            (row.key, _exported(row, param.name)) for row in rows if row.key and not row.key.startswith(ATTRIBUTE_KEY)
        ]
        if keyed:
            elsewhere.append(mapping(keyed))
        held = {
            row.key[len(ATTRIBUTE_KEY):]: _exported(row, param.name)
            for row in rows if row.key.startswith(ATTRIBUTE_KEY)
        }
        if held:  # `HeatSolver(make_grid())`: the attributes that hold float64 data
            elsewhere.append(Value(Kind.OBJECT, keys=tuple(held), parts=tuple(held.values()), origin=param.name))
        value = self._passed_here(function, param, depth)
        if elsewhere:
            value = join([*elsewhere, value] if value.kind is not Kind.UNKNOWN else elsewhere)
        made = self._passed_object(function, param) if value.kind is Kind.UNKNOWN else None
        passed = self.object_of(made, param.name) if made is not None else None
        if passed is not None:  # `ScaledMLP(fit_scaler(x))`, `collect(ReachEnv())` in another module
            return passed
        return self._as_parameter(param, value)

    def object_of(self, made: str, origin: cst.CSTNode) -> Optional[Value]:
        """An object of a class named by its qualified name, as another module's call
        passes it: of a library class the probe made (`sklearn...StandardScaler`), or of
        one of this module's classes (`pkg.rollout.ReachEnv`, or `pkg.ReachEnv` of the
        package that re-exports it); None for another."""
        if is_type(object_class(made)):
            return named_object(made, origin)
        package, _, name = made.rpartition(".")
        module = self.facts.module_name or ""
        owner = self._classes_by_name.get(name) if module == package or module.startswith(f"{package}.") else None
        return self._instance_of(owner, origin) if owner is not None else None

    def _passed_here(self, function: cst.FunctionDef, param: cst.Param, depth: int) -> Value:
        """What the module's own calls of a function pass for a parameter (`_passed`)."""
        passed: List[Tuple[cst.Call, cst.BaseExpression]] = []
        for call in self._call_sites(function):
            given = given_for(function, param, call, self._of_an_object(function, call))
            if given is None:
                return UNKNOWN
            passed.append((call, given))
        value = self._joined([given for _, given in passed], depth + 1) if passed else UNKNOWN
        decided = value.dtype is not None and not value.known_narrow  # else nothing for the calls' devices to decide
        if decided and (value.kind is not Kind.DTYPE or self._only_handed_on(param)):
            on_mps = [given for call, given in passed if self._may_reach_mps(function, call, depth)]
            value = self._joined(on_mps, depth + 1) if on_mps else UNKNOWN
        return value

    def _may_reach_mps(self, function: cst.FunctionDef, call: cst.Call, depth: int) -> bool:
        """May what a call of a function makes be on MPS: the call runs on MPS, and does not
        give every device parameter (one named like a device) a device known to be another (`"cpu"`,
        `torch.device("cuda")`, a CPU tensor's `.device`, a default of `"cpu"`, `None` for
        a parameter named like a device: the default device)? (`run(x, device,
        offload_device="cpu")` may; nor does a method of an object made so: `Model("cpu").fit(x)`.)"""
        if self._paths.guards.off_mps(call):
            return False
        made = self.facts.definitions.object_made(call)
        owner = self.facts.definitions.instantiated(made) if made is not None else None
        init = self.facts.definitions.method(owner, "__init__") if owner is not None else None
        if made is not None and init is not None and not self._may_reach_mps(init, made, depth + 1):
            return False

        def given(param: cst.Param) -> Value:
            passed = given_for(function, param, call, self._of_an_object(function, call))
            return self._value(passed, depth + 1) if passed is not None else UNKNOWN

        return self.devices_may_be_mps(function, given, depth)

    def devices_may_be_mps(
        self, function: cst.FunctionDef, given: Callable[[cst.Param], Optional[Value]], depth: int = 0
    ) -> bool:
        """May a function's devices be MPS for a call that gives each of its device
        parameters (those named like a device) what `given` says (None: nothing to go by)?
        Not when every one is known to be no device without float64 (`_no_mps_device_for`)."""
        devices = [
            self._no_mps_device_for(function, param, held, depth)
            for param in named_params(function)
            if device_like_name(param.name.value) and (held := given(param)) is not None
        ]
        return not devices or not all(devices)

    def _no_mps_device_for(self, function: cst.FunctionDef, param: cst.Param, given: Value, depth: int) -> bool:
        """Is a value given for a device parameter known to be no device without float64:
        one known to be another, or `None` where the function takes the default device or
        binds the parameter again only to such devices (`if device is None: device =
        "cpu"`; not `device = best_device()`, nor `device = device or best_device()`)?"""
        if given.kind is not Kind.NONE:
            return no_mps_device(given)
        if param.name.value not in names_bound(self.facts, function, self._bound):
            return True
        assigned = [
            assign.value
            for assign in own_nodes(function.body, cst.Assign)
            if any(isinstance(target.target, cst.Name) and target.target.value == param.name.value
                   for target in assign.targets)
        ]
        return bool(assigned) and all(no_mps_device(self._value(value, depth + 1)) for value in assigned)

    def _as_parameter(self, param: cst.Param, value: Value) -> Value:
        """What a parameter is read as from a value passed for it: data (`as_data`), or a
        dtype its function only hands on to torch (`torch.zeros(n, dtype=dtype)`,
        `x.to(dtype)`)."""
        if value.kind is Kind.DTYPE and self._only_handed_on(param):
            return value
        return as_data(value)

    def _only_handed_on(self, param: cst.Param) -> bool:
        """Is every read of a parameter handed on to one library's dtype: an argument of its
        functions or of its data's conversions (torch's `torch.zeros(n, dtype=dtype)` and
        `x.to(dtype)`; NumPy's `np.zeros(n, dtype)` and `a.astype(dtype)`), or of a
        function of the module that hands it on so too? (Not both: a NumPy dtype handed to
        torch is another finding, and a fix of one would break the other.)"""
        if param not in self._handed_on:
            self._handed_on[param] = self._handed_to(param, frozenset()) in ("torch", "numpy")
        return self._handed_on[param]

    def _handed_to(self, param: cst.Param, seen: FrozenSet[int]) -> Optional[str]:
        """The one library every read of a parameter hands it to as a dtype, if any."""
        reads = self.facts.parameter_reads(param)
        if not reads or id(param) in seen:
            return None
        libraries = {self._library_taking(read, seen | {id(param)}) for read in reads}
        return libraries.pop() if len(libraries) == 1 else None

    def _library_taking(self, read: cst.Name, seen: FrozenSet[int]) -> Optional[str]:
        argument = self.facts.parent(read)
        call = self.facts.parent(argument) if isinstance(argument, cst.Arg) else None
        if not isinstance(call, cst.Call):
            return None
        name = self.facts.qualified_name(call.func)
        if name is not None:
            return name.partition(".")[0]
        functions = self._callees(call)
        if functions:  # `inner(n, device, dtype)`: what that function does with it
            taken = set()
            for function in functions:
                taking = param_passed(function, call, read)
                taken.add(self._handed_to(taking, seen) if taking is not None else None)
            return taken.pop() if len(taken) == 1 else None
        method = method_name(call)
        if method in CONVERTING_METHODS:
            return "torch"
        return "numpy" if method in ARRAY_OF_THE_DTYPE_ASKED else None

    def _gathered(self, function: cst.FunctionDef, depth: int) -> Value:
        """`*arrays`: a tuple of what the module's calls of its function pass beyond its
        other positional parameters; not known when no call shows it."""
        calls = self.facts.definitions.call_sites(function)
        if not calls or any(arg.star for call in calls for arg in call.args):
            return UNKNOWN
        extra = [self._value(argument, depth + 1) for call in calls for argument in gathered_by(function, call)]
        return Value(Kind.CONTAINER, element=any_data(extra))

    @cached_property
    def _range_bounds(self) -> FrozenSet[int]:
        """The bindings of the names a `range(...)` call takes: integers, since `range`
        takes nothing else."""
        return frozenset(
            id(binding)
            for call in self.facts.calls
            if self.facts.qualified_name(call.func) == "builtins.range"
            for argument in positional(call)
            if isinstance(argument, cst.Name) and (binding := self.facts.bindings.get(argument)) is not None
        )

    @cached_property
    def _star_parameters(self) -> Dict[int, cst.FunctionDef]:
        """The functions of the module by the binding of their `*args` parameter."""
        found: Dict[int, cst.FunctionDef] = {}
        for function in self.facts.functions:
            star = function.params.star_arg
            binding = self.facts.bindings.get(star.name) if isinstance(star, cst.Param) else None
            if binding is not None:
                found[id(binding)] = function
        return found

    def _element(self, iterated: cst.BaseExpression, depth: int) -> Value:
        """What a loop over an expression takes: an element of a list or tuple (of what a
        generator yields), a row of an array; `enumerate`, `zip` and `itertools.product`
        give tuples of them (`product(xs, repeat=2)` tuples of any of them)."""
        name = self.facts.qualified_name(iterated.func) if isinstance(iterated, cst.Call) else None
        if isinstance(iterated, cst.Call) and (name in ELEMENT_TUPLES or name == COUNTED):
            args = positional(iterated)
            parts = [self._element(arg, depth + 1) for arg in args]
            if name == COUNTED:
                parts = [Value(Kind.NUMBER, Dtype.INTEGER), *parts[:1]]
            if not parts:
                return UNKNOWN
            if keyword(iterated, "repeat") is not None:
                return Value(Kind.CONTAINER, element=join(parts))
            return Value(Kind.CONTAINER, parts=tuple(parts))
        return item_of(self._value(iterated, depth + 1))

    def _grown(self, node: cst.Name, written: Value, depth: int) -> Value:
        """A list made empty or of elements, with what is appended to it, inserted or
        extended by."""
        added = self.facts.added_to(node)
        return self._with_added(written, added, depth) if added else written

    def _with_added(self, written: Value, added: List[Added], depth: int) -> Value:
        """A list with what these calls add to it (none: as it was made)."""
        found = self._added(added, depth + 1)
        if found is None:
            return Value(Kind.CONTAINER)
        elements = [written.element] if written.element is not None else []
        return Value(Kind.CONTAINER, element=join([*elements, *found]) if elements or found else None)

    def _grown_inside(self, held: Value, added: List[Added], depth: int) -> Value:
        """A dict or a list of lists not written out (`defaultdict(list)`), with what these
        calls add to the lists it holds (`history[task].append(loss)`)."""
        inner = held.element
        if not added or held.kind not in (Kind.MAPPING, Kind.CONTAINER) or held.parts or inner is None:
            return held
        if inner.kind is not Kind.CONTAINER or inner.parts:
            return held
        return replace(held, element=self._with_added(inner, added, depth))

    def _added(self, added: List[Added], depth: int) -> Optional[List[Value]]:
        """What calls add to a list, one by one: each element of what `.extend(more)` is
        given; None where that is not known."""
        values = []
        for one in added:
            value = self._value(one.value, depth)
            if one.each:
                value = item_of(value)
                if value.kind is Kind.UNKNOWN:
                    return None
            values.append(value)
        return values

    def _call(self, call: cst.Call, depth: int) -> Value:
        found = self._call_value(call, depth)
        if found.dtype is None and found.kind in (Kind.UNKNOWN, Kind.TENSOR) and found.may_be is None:
            found = self._given_a_dtype(call, depth) or found
        dtype = found.dtype if found.dtype is not None else found.may_be.dtype if found.may_be is not None else None
        if dtype is not None and not found.mixed and self._made_of_mixed(call, dtype, depth):
            found = replace(found, mixed=True)  # `torch.from_numpy(v)` of a dict's arrays of several dtypes
        if found.kind is Kind.DEVICE:  # `torch.device("mps")`, a helper's device: a place of its own
            return found
        place = self._call_place(call, found, depth)
        return found if place is found.place else placed(found, place)

    def _made_of_mixed(self, call: cst.Call, dtype: Dtype, depth: int) -> bool:
        """Is what a call gives of the dtype of what it is made of or called on, which may be
        of other dtypes too?"""
        made_of = positional(call)[:1]
        if isinstance(call.func, cst.Attribute) and self.facts.qualified_name(call.func) is None:
            made_of.append(call.func.value)
        for node in made_of:
            held = self._value(node, depth + 1)
            possible = held.may_be if held.dtype is None and held.may_be is not None else held
            if held.mixed and possible.dtype is dtype:
                return True
        return False

    def _attribute_by_name(self, call: cst.Call, depth: int) -> Value:
        """`getattr(torch, name)` of a string naming one of a library's dtypes
        (`cfg["dtype"]` of a config that says `"float64"`): that dtype, written where the
        string is (`torch.float` is float32 however NumPy reads `"float"`)."""
        args = positional(call)
        library = self.facts.qualified_name(args[0]) if len(args) == 2 else None
        if library is None:
            return UNKNOWN
        named = self._value(args[1], depth + 1)
        string = named.type if named.kind is Kind.STRING else self._string_elsewhere(args[1])
        if string is None:
            return UNKNOWN
        dtype = exported_dtype(f"{library}.{string}", "")
        return Value(Kind.DTYPE, _WIDTHS[dtype.width], origin=named.origin) if dtype is not None else UNKNOWN

    def _string_elsewhere(self, node: cst.BaseExpression) -> Optional[str]:
        """The string naming a dtype that another module sets where this module reads it
        (`cfg.dtype` of a field `dtype: str = "float64"` of another module's class)."""
        export = self._imported(node)
        if export is None or not export.dtype or export.made_by[:1] not in ("'", '"'):
            return None
        return export.made_by[1:-1]

    def _given_a_dtype(self, call: cst.Call, depth: int) -> Optional[Value]:
        """What a call whose dtype the module does not show gives when it is handed a torch
        dtype (`make_table(4, dtype=torch.double)` of another package, a helper that hands
        its `dtype` on): a tensor of that dtype, as torch's own makers give."""
        given = self._spelled(keyword(call, "dtype"), depth)
        if given is None or given[0].spelling is not Spelling.TORCH:
            return None
        return Value(Kind.TENSOR, _WIDTHS[given[0].width], origin=call)

    def _call_place(self, call: cst.Call, found: Value, depth: int) -> Place:
        """Where the tensor a call gives is: on the CPU where the call puts it there
        (`.cpu()`, `device="cpu"`); where a torch function makes it; where a method's
        tensor is, unless it moves it (`.to(device)`); where what a function of the module
        returns is."""
        if moves_to_cpu(self.facts, call):
            return Place.CPU
        name = self.facts.qualified_name(call.func)
        if name is not None:
            return self._made_at(call, name, depth) if name.partition(".")[0] == "torch" else found.place
        method = method_name(call)
        if method is None or not isinstance(call.func, cst.Attribute):
            return found.place
        receiver = self._value(call.func.value, depth + 1)
        if receiver.kind is Kind.INSTANCE or self._calls_a_layer_kept(call):
            return found.place
        args = positional(call)
        moved = args[0] if args else keyword(call, "device")
        if f"{TENSOR_TYPE}.{method}" in TENSOR_MOVES and moved is not None and self._dtype(moved, depth) is None:
            return self._device_place(moved, depth)
        return place_of(receiver)

    def _device_place(self, device: cst.BaseExpression, depth: int) -> Place:
        """The place a device expression names (not known for what is not a device)."""
        given = self._value(device, depth + 1)
        return given.place if given.kind is Kind.DEVICE else Place.UNKNOWN

    def _made_at(self, call: cst.Call, name: str, depth: int) -> Place:
        """Where a torch function makes its tensor: on the device it is given; for a factory
        given none, on the CPU (by default, or on purpose for `torch.from_numpy`), where
        its model is for a `*_like` one; for any other function given no device, where
        its tensors are (`torch.cat(self.outputs)`). One that makes its tensor on the
        default device makes it where the code sets that (default_device.py)."""
        device = keyword(call, "device")
        args = positional(call)
        defaults = self.default_devices.at(call)
        if defaults:
            return max(self._device_place(default, depth) for default in defaults)
        if name in DEFAULT_DTYPE_FACTORIES or name in COPIED_TO_THE_CPU:
            if device is not None:
                return self._device_place(device, depth)
            if name.endswith("_like"):
                return place_of(self._value(args[0], depth + 1)) if args else Place.UNKNOWN
            return Place.CPU if name in SHARES_NUMPY_MEMORY else Place.CPU_BY_DEFAULT
        if device is not None or name.count(".") != 1:
            return Place.UNKNOWN
        return together(self._value(arg, depth + 1) for arg in args if not _is_literal(arg))

    def _call_value(self, call: cst.Call, depth: int) -> Value:
        name = self.facts.qualified_name(call.func)
        if name == "torch.device":
            args = positional(call)
            return self._value(args[0], depth + 1) if args else UNKNOWN
        if name == ATTRIBUTE_BY_NAME:
            return self._attribute_by_name(call, depth)
        if name in GIVES_ARGUMENT:  # `cast(Tuple, roc_compute_fn(...))`
            args, place = positional(call), GIVES_ARGUMENT[name]
            return self._value(args[place], depth + 1) if len(args) > place else UNKNOWN
        if name in MAKES_NAMED_TUPLES:  # `namedtuple("Transition", ["obs", "reward"])`: by its fields
            fields = named_fields(call)
            return Value(Kind.CALLABLE, keys=fields, origin=call) if fields else UNKNOWN
        if name == ATTRIBUTES_AS_DICT:  # `vars(data)`: its attributes, where they are known
            args = positional(call)
            obj = self.attributes_of(self._value(args[0], depth + 1), depth + 1) if len(args) == 1 else UNKNOWN
            known = obj.kind is Kind.OBJECT and not any(self.may_change(args[0], key) for key in obj.keys)
            return mapping(list(zip(obj.keys, obj.parts))) if known else Value(Kind.MAPPING)
        if name == DICT_TYPE:  # `dict(x=x)`, `dict(batch, x=x)`
            entries: List[Tuple[Optional[str], Value]] = []
            for arg in call.args:
                if arg.keyword is not None:
                    entries.append((arg.keyword.value, self._value(arg.value, depth + 1)))
                else:
                    entries.extend(entries_of(self._value(arg.value, depth + 1)))
            return mapping(entries)
        if name == DECLARES_A_FIELD:  # a dataclass field's default, or what its factory gives
            return self._field_default(call, depth)
        if name == BINDS_ARGUMENTS:  # `partial(rng.beta, 0.4, 0.4)`: a function of the rest
            return self._partial(call, depth)
        if name == CALLS_ON_EACH:  # `map(to_unit, images)`: what the function gives for each
            return self._mapped(call, depth)
        if name == NEXT_ELEMENT:  # `next(it, None)`: an element, or the default
            args = positional(call)
            return join([item_of(self._value(args[0], depth + 1)), *(self._value(arg, depth + 1) for arg in args[1:2])])
        if name in AWAITS_TOGETHER:  # `gather(*(fetch(i) for i in ids))`: what each gives
            given = [(arg.star, self._value(arg.value, depth + 1)) for arg in call.args if arg.keyword is None]
            each = [item_of(value) if star else value for star, value in given]
            return Value(Kind.CONTAINER, element=join(each) if each else None)
        if name in DATASETS_OF_TENSORS:  # items: the tensors' rows, by place
            rows = tuple(item_of(self._value(arg, depth + 1)) for arg in positional(call))
            return Value(Kind.CONTAINER, element=Value(Kind.CONTAINER, parts=rows))
        if name in DATA_LOADERS:
            return self._batches(call, depth)
        if name == FILLS_MISSING_KEYS:  # `defaultdict(list)`: a dict of what its factory makes
            return self._filled_by(positional(call)[:1], depth)
        if name == COUNTS:  # `Counter(tokens)`: a dict of Python ints
            return Value(Kind.MAPPING, element=Value(Kind.NUMBER, Dtype.INTEGER, origin=call))
        if name in COLLECTS_ELEMENTS:  # `tuple(a[s:e] for a in arrays)`, `deque(maxlen=n)`
            args = positional(call)
            collected = self._value(args[0], depth + 1) if args else Value(Kind.CONTAINER)
            element = collected.element if collected.kind is Kind.CONTAINER else item_of(collected)
            return Value(Kind.CONTAINER, element=element)
        if name is not None:
            return self._library_call(call, name, depth)
        made = self.facts.definitions.instantiated(call)
        if made is not None:  # `grid = Grid(n)`
            return self._instance_of(made, call)
        functions = self._callees(call)
        if functions:  # also `self.compute_fn(...)`, the class having set `self.compute_fn = roc_compute_fn`
            return join([self._function_called(function, call, depth) for function in functions])
        held = not isinstance(call.func, cst.Attribute) or is_self_attribute(call.func)
        callee = self._value(call.func, depth + 1) if held else UNKNOWN
        if callee.callee is not None:  # `to_unit(image)` of `to_unit = lambda img: img / 255.0`, `self.sampler(n)`
            return self._call_of(callee.callee, call, depth)
        if callee.kind is Kind.CALLABLE and callee.element is not None:  # `SCHEDULES[name](n)` of another module's
            return callee.element
        if callee.kind is Kind.CALLABLE and callee.keys:  # `Transition(obs, reward)`: a named tuple
            return self._named_tuple(callee.keys, call, depth)
        table = self._value(call.func.value, depth + 1) if isinstance(call.func, cst.Subscript) else UNKNOWN
        if table.kind is Kind.MAPPING and table.parts and all(part.callee is not None for part in table.parts):
            # `SCHEDULES[name](n)` of `SCHEDULES = {"cosine": cosine_betas, ...}`: what any of them gives
            return join([self._call_of(part.callee, call, depth) for part in table.parts if part.callee is not None])
        if callee.kind is Kind.OBJECT:  # `spline(xs)`: a fitted interpolator called
            return self._member(callee, "__call__", call, call, depth)
        run = self._run_by_a_call(callee)
        if run is not None:  # `layer(x)`: its `forward(x)`
            return self._instance_member(callee, run, call, depth)
        if self._calls_a_layer_kept(call):  # `self.qkv(x)` of `self.qkv = nn.Linear(d, 3 * d)`
            return self._layer_output(call, depth)
        method = method_name(call)
        if method is None:
            return UNKNOWN
        assert isinstance(call.func, cst.Attribute)
        receiver = self._value(call.func.value, depth + 1)
        if receiver.kind is Kind.INSTANCE:  # `grid.coordinates(n)`
            if method in MODULE_GIVES_ITSELF and not self._defines(receiver, method):
                return self._module_cast(call, method, receiver, depth)  # `Net(d).to(device)`: the module
            return self._instance_member(receiver, method, call, depth)
        if receiver.kind is Kind.UNKNOWN and receiver.default_widths:  # `config.get("anchors")` of read values
            return receiver if DICT_GIVES.get(f"{DICT_TYPE}.{method}") is DictGives.ONE else UNKNOWN
        if receiver.kind is Kind.MAPPING:
            gives = DICT_GIVES.get(f"{DICT_TYPE}.{method}")
            if gives is DictGives.ONE:  # `batch.get("x")`, `batch.pop("x", None)`
                keys = positional(call)
                return looked_up(receiver, keys[0] if keys else None)
            return from_dict(receiver, gives)
        if receiver.kind is Kind.OBJECT:
            if method in RETURNS_SELF:  # `PCA(8).fit(X)`: the estimator, fitted on data of X's dtype
                fitted_on = self._joined(positional(call)[:1], depth + 1)
                if not fitted_on.is_array:  # `TfidfVectorizer().fit(texts)`: as it was made
                    return receiver
                return Value(Kind.OBJECT, fitted_on.dtype, type=receiver.type)
            return self._member(receiver, method, call, call, depth)
        asked = self._dtype(_dtype_asked(call, method), depth) if not receiver.is_array else None
        if asked is not None:  # `frame.to_numpy(dtype="float64")` of a frame the code does not show
            return Value(Kind.NDARRAY, asked, origin=call)
        if receiver.is_array:
            return self._array_method(call, method, receiver, depth)
        if receiver.kind is Kind.TENSOR or (receiver.kind is Kind.UNKNOWN and receiver.array is None):
            found = self._tensor_method(call, method, receiver, depth)
            if found.kind is not Kind.UNKNOWN or receiver.kind is Kind.TENSOR:
                return found
        if may_be_tensor(receiver):  # what the tensor it may be gives
            assert receiver.may_be is not None
            return may_be(self._tensor_method(call, method, receiver.may_be, depth))
        possible = self._array_method(call, method, receiver.may_be, depth) if receiver.may_be is not None else UNKNOWN
        return Value(may_be=possible) if possible.is_array else UNKNOWN

    def _batches(self, loader: cst.Call, depth: int) -> Value:
        """What a data loader gives when iterated: the batches its default collate makes of
        its dataset's items (an array's rows, a list's elements, a `TensorDataset`'s rows
        by place), or with `batch_size=None` the items its default convert makes; not
        known with a `collate_fn` of its own."""
        args = positional(loader)
        dataset = keyword(loader, "dataset") or (args[0] if args else None)
        size = keyword(loader, "batch_size") or (args[1] if len(args) > 1 else None)
        # `collate_fn` is the seventh parameter: `DataLoader(data, 2, False, None, None, 0, collate)`
        collate = keyword(loader, "collate_fn") or (args[_COLLATE_FN_PLACE] if len(args) > _COLLATE_FN_PLACE else None)
        own = collate is not None and self._value(collate, depth + 1).kind is not Kind.NONE
        collator = self.facts.definitions.function_named(collate) if own and collate is not None else None
        if dataset is None or (own and collator is None) or any(arg.star for arg in loader.args):
            return Value(Kind.CONTAINER)
        batched = size is None or self._value(size, depth + 1).kind is not Kind.NONE
        held = self._value(dataset, depth + 1)
        if held.kind is Kind.INSTANCE:  # a dataset class of the module: what its `__getitem__` gives
            item = self._item_of_dataset(held, depth)
        elif held.kind is Kind.CONTAINER or held.is_array or held.kind is Kind.TENSOR:
            item = item_of(held)
        else:  # of another module's dataset class: its items' float64 values by key
            keys = self._imported_dataset_keys(dataset)  # (the other keys' values are not known)
            parts = tuple(_exported(value, loader) for value in keys.values())
            item = Value(Kind.MAPPING, parts=parts, keys=tuple(keys)) if keys else UNKNOWN
        if collator is not None:  # `collate_fn=collate_points`: what it returns for a list of items
            items = Value(Kind.CONTAINER, element=item) if batched else item
            return Value(Kind.CONTAINER, element=self._called(collator, None, depth + 1, items))
        return Value(Kind.CONTAINER, element=collated(item, loader, batched))

    def _item_of_dataset(self, dataset: Value, depth: int) -> Value:
        """An item of an object of a dataset class of the module, for any index: what its
        `__getitem__` returns, read with that object as `self` (`self.series[i : i + n]` of
        the array `WindowDataset(series, n)` was given); else any its `__iter__` yields."""
        owner = self._classes_by_name.get(dataset.type or "")
        if owner is None or dataset.or_subclass:
            return UNKNOWN
        this = self._instance_of(owner, dataset.origin or owner)
        getitem = self.facts.definitions.method(owner, "__getitem__")
        if getitem is not None:
            return self._called(getitem, None, depth + 1, this)
        iterate = self.facts.definitions.method(owner, "__iter__")
        return item_of(self._called(iterate, None, depth + 1, this)) if iterate is not None else UNKNOWN

    def _named_tuple(self, fields: Tuple[str, ...], call: cst.Call, depth: int) -> Value:
        """A tuple of named fields a call makes: what it passes for each, by place or by
        name (a tuple of what is passed, with no names, where it splats them)."""
        given = self._arguments(call.args, depth)
        if given is None:
            return Value(Kind.CONTAINER, origin=call)
        by_place, by_keyword = given
        parts = [by_place[i] if i < len(by_place) else by_keyword.get(field, UNKNOWN) for i, field in enumerate(fields)]
        return Value(Kind.CONTAINER, element=join(parts), parts=tuple(parts), keys=fields, origin=call)

    def _module_cast(self, call: cst.Call, method: str, module: Value, depth: int) -> Value:
        """A module given back by one of its methods: cast where the method casts its
        floating parameters and buffers as it would a tensor's data (`PINN().double()`,
        `model.to(torch.float64)`: the instance of that dtype, made by the call), else as
        it was."""
        # a module's `.double()` casts its tensors as a tensor's `.double()` casts its data
        cast = input_independent(f"{TENSOR_TYPE}.{method}") if not call.args else None
        if cast is not None and cast.kind == "tensor" and cast.dtype is not None:
            return replace(module, dtype=Dtype.named(cast.dtype), origin=call)
        if method in CONVERTING_METHODS:  # `.to(dtype=torch.float32)`, `.to(device, torch.float64)`
            named = keyword(call, "dtype")
            given = [self._value(arg, depth + 1) for arg in [*positional(call), *([named] if named else [])]]
            asked = [value for value in given if value.kind is Kind.DTYPE]
            if asked or named is not None:  # a dtype not known: the module's is not
                dtype = asked[0].dtype if asked and not asked[0].partial else None
                return replace(module, dtype=dtype, origin=call)
        return module

    def _cast_in_place(self, node: cst.Name, module: Value, depth: int) -> Value:
        """A module a name holds, cast by the statements before the read that call a method
        of it which casts it in place and gives it back (`model.float()` after
        `model.double()`; `model.double()` alone binds the name again: semantic/walk.py)."""
        binding = self.facts.bindings.get(node)
        read_at = self.facts.positions[node].start
        read_at_key = (read_at.line, read_at.column)
        for seen in binding.reaching() if binding is not None else ():
            for read in self.facts.reads_by_binding.get(id(seen), ()):
                method = self.facts.parent(read)
                call = self.facts.parent(method) if isinstance(method, cst.Attribute) else None
                if not isinstance(call, cst.Call) or not isinstance(self.facts.parent(call), cst.Expr):
                    continue
                assert isinstance(method, cst.Attribute)
                at = self.facts.positions[call].start
                before = (at.line, at.column) < read_at_key
                if before and method.attr.value in MODULE_GIVES_ITSELF:
                    module = self._module_cast(call, method.attr.value, module, depth)
        return module

    def _tensor_method(self, call: cst.Call, method: str, tensor: Value, depth: int) -> Value:
        """What a method of a tensor gives: the dtype it converts to (`.to(torch.float64)`,
        `.double()`, `.float()`: of any receiver not known to be something else), the
        tensor moved (`.to(device)`), else as probed for a tensor of its dtype
        (`.clone()`, `.numpy()`)."""
        if method in CONVERTING_METHODS:
            return self._converted(call, tensor, depth)
        if casts_like(call):  # `t.type_as(other)`: other's dtype
            other = self._joined(positional(call)[:1], depth + 1)
            if other.kind is not Kind.TENSOR or other.dtype is None or other.partial:
                return Value(Kind.TENSOR, place=tensor.place, origin=call)
            return kept_from(Value(Kind.TENSOR, other.dtype, tensor.place, origin=call), other)
        qualified = f"{TENSOR_TYPE}.{method}"
        fixed = input_independent(qualified)
        if fixed is not None:
            return seen_value(fixed, call)
        of_class = input_class(tensor)
        found = seen_given(qualified, of_class) if of_class is not None else None
        if found is None and gives_python_numbers(qualified):  # `loss.item()`: an int or a float
            return Value(Kind.NUMBER, origin=call)
        if found is None:  # the table's where probing does not reach (`.pin_memory()`, `.coalesce()`)
            return tensor if method in KEEP_RECEIVER_DTYPE else UNKNOWN
        made = seen_value(found, call)
        if made.kind is Kind.CONTAINER:  # `t.split(3)`: tensors of its dtype are made by what made it
            parts = tuple(kept_from(part, tensor) if part.dtype is tensor.dtype else part for part in made.parts)
            return replace(made, parts=parts, element=join(parts) if parts else None)
        return kept_from(made, tensor) if made.kind is Kind.TENSOR and made.dtype is tensor.dtype else made

    def _converted(self, call: cst.Call, tensor: Value, depth: int) -> Value:
        """`t.to(...)`, `t.type(...)`: a tensor of the dtype spelled in the call, else (only
        devices given) the tensor (`_call_place` puts it on that device), else not known
        (`t.to(other)`)."""
        args = positional(call)
        dtypes = [self._dtype(arg, depth) for arg in [*args, keyword(call, "dtype")]]
        dtype = next((found for found in dtypes if found is not None), None)
        if dtype is None and args and method_name(call) == "type":  # `t.type(torch.DoubleTensor)`
            dtype = self._tensor_type(args[0])
        if dtype is not None:
            return Value(Kind.TENSOR, dtype, origin=call)
        if tensor.kind is not Kind.TENSOR or keyword(call, "dtype") is not None:
            return UNKNOWN
        devices = [*args, *(arg.value for arg in call.args if arg.keyword and arg.keyword.value == "device")]
        if not devices or not all(is_device_like(self.facts, device) for device in devices):
            return UNKNOWN
        return tensor

    def _array_method(self, call: cst.Call, method: str, array: Value, depth: int) -> Value:
        """What a method of a NumPy array gives: the dtype asked (`astype`), its own, or as
        probed for an array of its dtype (`a.tolist()`: Python numbers). A method arrays
        lack and pandas' series have (`to_numpy`) says the data is a series
        (`column.astype(float).to_numpy()` of a column the code does not show): what the
        probe saw a series of its dtype give."""
        if method == "astype":
            return Value(Kind.NDARRAY, self._dtype(dtype_argument(call, 0), depth), origin=call)
        as_series = self._series_member(array, method, call, call, depth)
        if as_series is not None:
            return as_series
        qualified = f"{ARRAY_TYPE}.{method}"  # as probed for an array of its dtype (`a.tolist()`, `a.item()`)
        if method in KEEP_DTYPE_METHODS:
            return probed_otherwise(qualified, array, call) or array
        of_class = input_class(array)
        found = seen_given(qualified, of_class) if of_class is not None else None
        if found is None and array.dtype is None and array.default_widths:
            found = seen_given_default_widths(qualified)
        return seen_value(found, call) if found is not None else UNKNOWN

    def _series_member(
        self, array: Value, name: str, call: Optional[cst.Call], origin: cst.BaseExpression, depth: int
    ) -> Optional[Value]:
        """What a member arrays lack and pandas' series have, and that gives a series's data
        as an array (`to_numpy`, `values`), gives of data read as an array: a series of its
        dtype, as probed; None for others (an array's own; `pop`, which dicts have too)."""
        series = OBJECT_KINDS["series"]
        if was_probed(f"numpy.ndarray.{name}") or kind_whatever_given(f"{series}.{name}") != "ndarray":
            return None
        return self._member(Value(Kind.OBJECT, array.dtype, type=series), name, call, origin, depth)

    def _called(
        self, function: cst.FunctionDef, call: Optional[cst.Call], depth: int, receiver: Optional[Value] = None
    ) -> Value:
        """What a call of one of the module's functions gives: what its returns give, or for
        a generator what it yields, read with the parameters this call passes (none for a
        property read) and, for a method of an object of one of the module's classes, with
        that object as `self`."""
        context = self._passed_by(function, call, depth + 1) if call is not None else ()
        params = [*function.params.posonly_params, *function.params.params]
        binding = self.facts.bindings.get(params[0].name) if receiver is not None and params else None
        if binding is not None and receiver is not None:
            context = ((id(binding), receiver), *(pair for pair in context if pair[0] != id(binding)))
        return self._exits_within(function, context, call, depth)

    def _exits_within(
        self, function: cst.FunctionDef, context: Context, call: Optional[cst.Call], depth: int
    ) -> Value:
        """What a function's returns give, or for a generator what it yields, read with the
        parameters a call passes (`context`); `call`, when it passes them as written, tells
        which returns it may reach, and which bindings of its names (the call itself is then
        in the context, by the function's id: `_reached_in_the_call`)."""
        given = self._constants_of(function, call) if call is not None else {}
        if given:
            context = (*context, (id(function), Value(Kind.CALLABLE, origin=call)))
        yielded, returned = self._exits(function)
        if yielded:  # a generator: what it yields, one by one
            elements = []
            for node in yielded:
                if node.value is None:
                    return Value(Kind.CONTAINER)
                if isinstance(node.value, cst.From):  # `yield from xs`: each element of xs
                    elements.append(item_of(self._within(context, [node.value.item], depth + 1)))
                else:
                    elements.append(self._within(context, [node.value], depth + 1))
            return Value(Kind.CONTAINER, element=join(elements))
        if returned and all(value is not None for value in returned):
            values = [value for value in returned if value is not None]
            made = self._paths.made(reached(self.facts, function, given, values))
            return self._within(context, made, depth + 1)
        return UNKNOWN

    def _exits(
        self, function: cst.FunctionDef
    ) -> Tuple[List[cst.Yield], List[Optional[cst.BaseExpression]]]:
        """A function's own `yield`s and the values of its `return`s, found once (a helper
        may be read for a hundred calls)."""
        found = self._function_exits.get(function)
        if found is None:
            returned = [node.value for node in own_nodes(function.body, cst.Return)]
            found = self._function_exits[function] = (list(own_nodes(function.body, cst.Yield)), returned)
        return found

    def _passed_by(self, function: cst.FunctionDef, call: cst.Call, depth: int) -> Context:
        """What a call passes for its function's parameters (their defaults where it leaves
        them out): the context the function's returns are read in. What is neither data nor
        a dtype the function only hands on is not known there (`_as_parameter`)."""
        if any(arg.star for arg in call.args):
            return ()
        params = function.params
        context: List[Tuple[int, Value]] = []
        of_an_object = self._of_an_object(function, call)
        for param in named_params(function):
            given = given_for(function, param, call, of_an_object)
            binding = self.facts.bindings.get(param.name)
            value = self._value(given, depth) if given is not None else UNKNOWN
            if binding is not None:
                context.append((id(binding), self._as_parameter(param, value)))
        star = params.star_arg
        binding = self.facts.bindings.get(star.name) if isinstance(star, cst.Param) else None
        if binding is not None:
            extra = [self._value(argument, depth) for argument in gathered_by(function, call)]
            context.append((id(binding), Value(Kind.CONTAINER, element=any_data(extra), parts=tuple(extra))))
        return tuple(context)

    def _library_call(self, call: cst.Call, name: str, depth: int) -> Value:
        """A call of a library function NumPy's table knows (an array, its dtype and where it
        was made), or of one that gives a Python float; a library object made (an estimator,
        a frame read from a file)."""
        if name in PYTHON_FLOATS:
            return Value(Kind.NUMBER, Dtype.FLOAT64, origin=call)
        if name in PYTHON_INTS:  # `len(labels)`
            return Value(Kind.NUMBER, Dtype.INTEGER, origin=call)
        if frame_reader(name):  # of a text format: numbers at NumPy's default widths, but those asked for
            columns = self._dtype(keyword(call, "dtype"), depth)  # `pd.read_csv(p, dtype=np.float32)`
            widths = reads_default_widths(name) and not any(keyword(call, given) for given in _READER_DTYPES)
            return Value(Kind.OBJECT, columns, origin=call, type="pandas.DataFrame", default_widths=widths)
        if name in PYTHON_VALUE_READERS:  # `json.load(f)`: Python's numbers
            return Value(origin=call, default_widths=True)
        if name in ARRAY_FILE_READERS:  # `np.load(path)`: arrays of the dtype they were saved with
            path = positional(call)[:1]
            named = self.saved_files.file_named(path[0], 0) if path else None
            saved = self._joined(self.saved_files.saved().get(named, []), depth + 1) if named is not None else UNKNOWN
            if saved.is_array and saved.dtype is not None and not saved.partial:
                return Value(Kind.NDARRAY, saved.dtype, origin=call)
            elsewhere = self._saved_elsewhere(named) if named is not None else None  # another module's file
            return Value(Kind.NDARRAY, Dtype.FLOAT64 if elsewhere is not None else None, origin=call)
        # `np.random.default_rng(0)`: a Generator as probed; `check_random_state(seed)` a RandomState by hand.
        if kind_whatever_given(name) in OBJECT_KINDS:  # `pd.DataFrame(np.random.randn(n, 8))`: of its data's dtype
            return self._frame_made(call, name, depth)
        made = name if is_type(name) else (object_made_by(name) or MAKES.get(name))
        asked = asked_dtype(call, name) if made is not None else None
        if asked is not None:  # `sp.eye(n, dtype=np.float32)`, `sp.identity(n, np.float32)`
            return Value(Kind.OBJECT, self._dtype(asked, depth), origin=call, type=made)
        if made is not None:  # `Image.open(path)`: an image of 8-bit data, but of a float format
            data = None if self._reads_float_format(call) else Dtype.named(OBJECT_DATA_DTYPES.get(made))
            return Value(Kind.OBJECT, data or self._data_of_object(call, name, depth), origin=call, type=made)
        known = name in FLOAT_BY_DEFAULT or name in FOLLOW_DATA or name in _KEEP_ARGUMENT_DTYPE
        floats = name in FLOAT_OF_NUMBERS or name in FLOAT64_OF_INTEGERS
        integers = name in INTEGERS_RETURNED or name in PIXEL_MAKERS
        if not (known or floats or integers or name in KEEP_FIRST_ARGUMENT_DTYPE):
            return self._probed(call, name, depth)
        asked = asked_dtype(call, name)
        if asked is not None:
            return Value(Kind.NDARRAY, self._dtype(asked, depth), origin=call)
        args = positional(call)
        if name in KEEP_FIRST_ARGUMENT_DTYPE:  # `cv2.resize(image, size)`: the image's dtype
            image = self._value(args[0], depth + 1) if args else UNKNOWN
            return Value(Kind.NDARRAY, image.dtype, origin=image.origin) if image.is_array else UNKNOWN
        if name in PIXEL_MAKERS and not self._reads_eight_bits(call, name):
            return UNKNOWN
        if integers:
            return Value(Kind.NDARRAY, Dtype.SMALL_INTEGER if name in PIXEL_MAKERS else Dtype.INTEGER, origin=call)
        if name in FLOAT_BY_DEFAULT:  # a scalar where the probe saw as many numbers make one (`np.float64(0.5)`)
            given = [self._value(arg, depth + 1) for arg in args]
            alone = of_numbers_one_by_one(name, given, call)
            if alone is not None and alone.kind in (Kind.NUMPY_SCALAR, Kind.NUMBER):
                return alone
            of_data = of_known_data(name, given, call)  # `np.linspace(start32, stop32, n)`: float32
            return of_data or Value(Kind.NDARRAY, Dtype.FLOAT64, origin=call)
        if name in FOLLOW_DATA:
            return self._from_data(call, name, args, depth)
        values = [self._value(arg, depth + 1) for arg in args]
        leaves = [leaf for value in values for leaf in innermost(value)]
        if leaves and all(leaf.kind is Kind.NUMBER and leaf.dtype is None for leaf in leaves):
            # `np.mean(losses)` of `loss.item()`s, ints or floats: as the probe saw both give, if alike
            either = seen_of_any_number(name)
            return seen_value(either, call) if either is not None else UNKNOWN
        if floats:  # ufuncs: a float of integers and of Python numbers
            widest = join(arrays_in(values))
            if widest.dtype is None:
                numbers = bool(values) and all(value.kind is Kind.NUMBER for value in values)
                if numbers:
                    return Value(Kind.NUMPY_SCALAR, Dtype.FLOAT64, origin=call)
                # Python floats or float64 data, which may be either (`np.sin(self.theta)` of a
                # draw or of an array): NumPy's float64 all the same
                wide = bool(values) and all(value.dtype in _FLOAT64_OF_UFUNCS for value in values)
                return Value(Kind.NDARRAY, Dtype.FLOAT64, origin=call) if wide else UNKNOWN
            floated = widest.dtype if widest.dtype.is_float or widest.dtype > Dtype.FLOAT64 else Dtype.FLOAT64
            if widest.dtype <= Dtype.SMALL_INTEGER and name in FLOAT_OF_NUMBERS:  # `np.sqrt(pixels)`: float16 or 32
                floated = Dtype.FLOAT32
            return Value(Kind.NDARRAY, floated, origin=widest.origin if floated is widest.dtype else call)
        one_by_one = of_numbers_one_by_one(name, values, call)  # `np.power(10000, 2 * i / d)`: a float64 scalar
        if one_by_one is not None:
            return one_by_one
        widest = join(arrays_in(values))
        if widest.dtype is None or (widest.dtype < Dtype.FLOAT64 and partly_unknown(values)):
            # an unknown argument may widen it (nothing is wider than float64 but complex),
            # unless the probe saw every input give one dtype: `np.cov(features)` is float64
            fixed = input_independent(name)
            return seen_value(fixed, call) if fixed is not None else UNKNOWN
        return probed_otherwise(name, widest, call) or Value(Kind.NDARRAY, widest.dtype, origin=widest.origin or call)

    def _data_of_object(self, call: cst.Call, name: str, depth: int) -> Optional[Dtype]:
        """The dtype of the data a library object is made with, as the probe saw it made:
        whatever it is given (`sp.random(5, 5)`, float64), else of the widest array it is
        given, in a tuple too (`csr_matrix((values, (rows, cols)))`: the values' dtype; data
        not known beside it may be wider, unless it is float64 already)."""
        fixed = input_independent(name)
        if fixed is not None:
            return Dtype.named(fixed.dtype)
        leaves = [leaf for arg in positional(call) for leaf in innermost(self._value(arg, depth + 1))]
        widest = join(arrays_in(leaves))
        known = widest.dtype is Dtype.FLOAT64 or not partly_unknown(leaves)
        given = input_class(widest) if widest.is_array and known else None
        seen = seen_given(name, given) if given is not None else None
        return Dtype.named(seen.dtype) if seen is not None else None

    def _frame_made(self, call: cst.Call, name: str, depth: int) -> Value:
        """A frame or series made of an array (`pd.DataFrame(x)`), or of a dict of arrays
        (`pd.DataFrame({"sqft": rng.uniform(...), "rooms": rng.integers(...)})`, read as an
        array of what NumPy promotes its columns' dtypes to): of what the probe saw it made
        of an array of that dtype; a frame of no known dtype otherwise (of columns not
        known, with a `dtype=`)."""
        kind = OBJECT_KINDS[kind_whatever_given(name) or ""]
        args = positional(call)
        data = self._value(args[0], depth + 1) if args and keyword(call, "dtype") is None else UNKNOWN
        if data.kind is Kind.MAPPING:
            data = _columns_together(data)
        known = data.is_array and data.dtype is not None and not data.partial
        found = seen_given(name, INPUT_CLASSES.get(data.dtype, "")) if known and data.dtype is not None else None
        if found is None:
            return Value(Kind.OBJECT, origin=call, type=kind)
        return seen_value(found, data.origin or call)

    def _reads_eight_bits(self, call: cst.Call, name: str) -> bool:
        """Does an image reader read 8-bit pixels: no flags that may ask for other depths
        (`cv2.imread(p, cv2.IMREAD_UNCHANGED)`), and not a file written out in a format
        whose pixels may be floats (`"env.exr"`)?"""
        place = READER_FLAGS.get(name)
        args = positional(call)
        flags = keyword(call, "flags") or (args[place] if place is not None and len(args) > place else None)
        if flags is not None and self.facts.qualified_name(flags) not in EIGHT_BIT_READS:
            return False
        return not self._reads_float_format(call)

    def _reads_float_format(self, call: cst.Call) -> bool:
        """Is the file a call reads written out, in a format whose pixels may be floats?"""
        args = positional(call)
        path = args[0].evaluated_value if args and isinstance(args[0], cst.SimpleString) else None
        return isinstance(path, str) and path.lower().endswith(FLOAT_IMAGE_SUFFIXES)

    def _probed(self, call: cst.Call, name: str, depth: int) -> Value:
        """A NumPy array or scalar, as the library gave it when probed (domain/probed.py):
        the dtype it makes whatever its input (`np.hanning(n)`), or the one it gave for an
        input of the class of this call's widest array, its other arguments known numbers
        (`scipy.ndimage.gaussian_filter(image, 2)`)."""
        if makes_tensors(name):
            return self._tensor_made(call, name, depth)
        if name in KEEP_TENSOR_DTYPE:  # by the table, where probing does not reach (`torch.meshgrid`)
            return widest_tensor(call, [self._value(arg, depth + 1) for arg in positional(call)])
        asked = asked_dtype(call, name)
        if asked is not None:  # `np.random.randint(0, 256, size=shape, dtype=np.uint8)`: an array of it
            of_arrays = kind_whatever_given(name) == "ndarray" or keyword(call, "size") is not None
            return Value(Kind.NDARRAY, self._dtype(asked, depth), origin=call) if of_arrays else UNKNOWN
        as_written = seen_as_written(name, call, self.facts.module)
        if as_written is not None:  # `load_iris(return_X_y=True)`: data and targets
            return as_written
        values = [self._value(arg, depth + 1) for arg in positional(call)]
        alone = of_numbers_one_by_one(name, values, call)  # `random.random()`, `rng.normal(0.0, 1.0)`: a Python float
        if alone is not None:
            return alone
        by_keywords = seen_with_keywords(name, call, self.facts.module)  # `f1_score(y, p, average=None)`
        if by_keywords is not None:
            return by_keywords
        fixed = input_independent(name)
        if fixed is not None:
            return seen_value(fixed, call)
        handed = of_an_object(name, values[0], call) if values else None
        if handed is not None:  # `eigsh(laplacian, k=2)` of a sparse matrix of float64 data
            return handed
        leaves = [leaf for value in values for leaf in innermost(value)]
        if leaves and all(leaf.kind is Kind.NUMBER for leaf in leaves):
            # `math.cos(x)`, `max(1, n - 2)`, `sum([0.5, x])`: a Python number, where the probe
            # saw one of Python numbers; `np.mean(rewards)` of a list of them: as the probe
            # saw it given a list (NumPy's functions of numbers themselves: read below)
            python = number_class(leaves)
            of_python = seen_given(name, python) if python is not None else seen_of_any_number(name)
            of_a_list = any(value.kind is Kind.CONTAINER for value in values)
            if of_python is not None and (of_python.kind in PYTHON_NUMBER_KINDS or of_a_list):
                return seen_value(of_python, call)
        if values and all(value.kind is Kind.NUMBER for value in values):  # `np.float32(i / n)`
            of_numbers = seen_given(name, "none")
            made = dtype_whatever_given(name)
            if of_numbers and made:
                return seen_value(Seen(of_numbers.kind, made), call)
            return UNKNOWN
        arrays = arrays_in(values)
        if not arrays or any(value.kind is Kind.UNKNOWN for value in values):
            return UNKNOWN
        labelled = labelled_result(name, values, call)  # `train_test_split(X, y)`: each part of its own
        if labelled is not None:
            return labelled
        widest = join(arrays)
        input_class = INPUT_CLASSES.get(widest.dtype) if widest.dtype is not None else None
        all_arrays = all(value.is_array for value in values)  # as the probe called it (with as many arrays)
        found = seen_as_called(name, input_class, len(values), all_arrays) if input_class is not None else None
        if found is None and widest.dtype is None and widest.default_widths and len(arrays) == 1:
            found = seen_given_default_widths(name)
        if found is None:
            return UNKNOWN
        if input_class is not None and passes_keywords(call) and seen_by_every_call(name, input_class) is None:
            return UNKNOWN  # `minimize(f, x0, method="L-BFGS-B")`: the probe's calls of it differ, so may this
        dtype = Dtype.named(found.dtype)
        return seen_value(found, widest.origin if dtype is widest.dtype and widest.origin else call)

    def _tensor_made(self, call: cst.Call, name: str, depth: int) -> Value:
        """A call of a function that makes tensors (as probed): of the dtype asked, else of
        what it gave whatever its input (`torch.zeros(n)`), else of what it gave for the
        class of its data: its widest tensor (`torch.cat([a, b])`), else the NumPy array
        or scalar it is handed (`torch.from_numpy(a)`), else Python numbers."""
        asked = keyword(call, "dtype")
        if asked is not None:
            return Value(Kind.TENSOR, self._dtype(asked, depth), origin=call)
        fixed = input_independent(name)
        if fixed is not None:
            return seen_value(fixed, call)
        values = [self._value(arg, depth + 1) for arg in positional(call)]
        made = made_of(call, name, values)
        if made.kind is not Kind.UNKNOWN:
            return made
        if name in KEEP_TENSOR_DTYPE:  # float64 of a float64 tensor, by the table
            return widest_tensor(call, values)
        possible = [as_possible(value) for value in values]
        return may_be(made_of(call, name, possible)) if possible != values else made  # of what a path gives

    def _from_data(self, call: cst.Call, name: str, args: List[cst.BaseExpression], depth: int) -> Value:
        """`np.full(n, 1 / n)`, `np.arange(0, 1, 0.1)`, `np.array([0.5, 1.0])`, `np.zeros_like(a)`."""
        if name == "numpy.full":
            if len(args) < 2:
                return UNKNOWN
            fill = self._value(args[1], depth + 1)
            divided = isinstance(args[1], cst.BinaryOperation) and isinstance(args[1].operator, cst.Divide)
            if fill.dtype is None and divided:  # true division gives a float, whatever it divides
                return Value(Kind.NDARRAY, Dtype.FLOAT64, origin=call)
            return Value(Kind.NDARRAY, array_dtype(fill), origin=call) if fill.dtype is not None else UNKNOWN
        if name == "numpy.arange":
            values = [self._value(arg, depth + 1) for arg in args]
            if any(value.kind is Kind.NUMBER and value.dtype is Dtype.FLOAT64 for value in values):
                return Value(Kind.NDARRAY, Dtype.FLOAT64, origin=call)
            return Value(Kind.NDARRAY, Dtype.INTEGER, origin=call)
        if not args:
            return UNKNOWN
        data = self._value(args[0], depth + 1)
        if data.is_array:
            widths = data.default_widths
            return Value(Kind.NDARRAY, data.dtype, origin=data.origin, sources=data.sources, default_widths=widths)
        if data.kind is Kind.UNKNOWN and data.default_widths:  # `np.array(config["anchors"])`: Python's numbers
            return Value(Kind.NDARRAY, origin=call, default_widths=True)
        if data.kind is Kind.OBJECT and data.type in OBJECT_DATA_DTYPES:  # `np.asarray(image)`: its data
            return Value(Kind.NDARRAY, data.dtype, origin=call) if data.dtype is not None else UNKNOWN
        if data.kind is Kind.UNKNOWN and data.may_be is not None:  # an array of the array it may be
            return Value(may_be=Value(Kind.NDARRAY, data.may_be.dtype, origin=data.may_be.origin))
        if data.kind is not Kind.CONTAINER:
            return UNKNOWN
        leaves = innermost(data)  # of nested lists too: `np.array([[c, -s, 0.0], [s, c, 0.0]])`
        if any(leaf.kind is Kind.NUMBER and leaf.dtype is Dtype.FLOAT64 for leaf in leaves):
            return Value(Kind.NDARRAY, Dtype.FLOAT64, origin=call)  # a Python float among them: float64 (or complex)
        element = join(leaves)
        if element.dtype is not None:
            made = call if self._of_numbers(element, depth) else element.origin  # of numbers or scalars: made here
            return Value(Kind.NDARRAY, array_dtype(element), origin=made, partial=element.partial)
        return UNKNOWN

    def _of_numbers(self, element: Value, depth: int) -> bool:
        """Is what an array is made of Python numbers or NumPy scalars, its kind read where it
        was made when not known here (`[s * math.sqrt(r), s]` of a scale not known)? Then
        the array is made where NumPy makes it, not where one of its numbers was."""
        scalars = (Kind.NUMBER, Kind.NUMPY_SCALAR)
        if element.kind is Kind.UNKNOWN and isinstance(element.origin, cst.BaseExpression):
            return self._value(element.origin, depth + 1).kind in scalars
        return element.kind in scalars

    def _dtype(self, node: Optional[cst.BaseExpression], depth: int) -> Optional[Dtype]:
        """The dtype an expression holds: as written where the evaluator finds it, else as
        read (`ref.dtype` of a float64 `ref`)."""
        spelled = self._spelled(node, depth)
        if spelled is not None:
            return _WIDTHS[spelled[0].width]
        if node is None:
            return None
        integer = self._integer_dtype(node)
        if integer is not None:
            return integer
        held = self._value(node, depth + 1)
        return held.dtype if held.kind is Kind.DTYPE else None

    def _tensor_type(self, node: cst.BaseExpression) -> Optional[Dtype]:
        """The dtype of a tensor type `t.type(...)` converts to, as the probe saw it
        (`torch.DoubleTensor`, `"torch.DoubleTensor"`: float64)."""
        text = node.evaluated_value if isinstance(node, cst.SimpleString) else None
        spelling = f"str:{text}" if isinstance(text, str) else self.facts.qualified_name(node)
        return Dtype.named(tensor_type_dtype(spelling)) if spelling is not None else None

    def _integer_dtype(self, node: cst.BaseExpression) -> Optional[Dtype]:
        """The integer or boolean dtype an expression names: NumPy's or torch's
        (`np.int32`, `torch.uint8`), Python's (`int`), or a string (`"int16"`)."""
        name: Optional[Union[str, bytes]]
        if isinstance(node, cst.SimpleString):
            name = node.evaluated_value
        else:
            qualified = self.facts.qualified_name(node) or ""
            name = PYTHON_NUMBER_TYPES.get(qualified)
            if name is None and qualified.startswith(_DTYPE_MODULES):
                name = qualified.rpartition(".")[2]
        dtype = Dtype.named(name) if isinstance(name, str) else None
        return dtype if dtype is not None and dtype <= Dtype.INTEGER else None

    def spelled(self, node: cst.BaseExpression) -> Optional[Tuple[Spelled, cst.BaseExpression]]:
        """The dtype an expression holds, with where it is written: where the evaluator reads
        it from (`torch.float64` of `self.dtype = torch.float64`, of what a helper returns,
        of the bindings of a name that reach it on MPS), else as the expression spells it."""
        if node not in self._spelled_read:
            self._spelled_read[node] = self._spelled(node, 0)
        return self._spelled_read[node]

    def _spelled(
        self, node: Optional[cst.BaseExpression], depth: int
    ) -> Optional[Tuple[Spelled, cst.BaseExpression]]:
        if node is None or self.traces.beyond(depth, MAX_TRACE_DEPTH * 4):
            return None
        held = self._value(node, depth + 1)
        if held.kind is Kind.DTYPE and isinstance(held.origin, cst.BaseExpression):
            written = dtype_of(self.facts, held.origin) or self._dtype_made_elsewhere(held.origin)
            if written is not None and _WIDTHS[written.width] is held.dtype:  # (a string torch reads its own way)
                return written, held.origin
        binding = self.facts.bindings.get(node) if isinstance(node, cst.Name) else None
        if binding is None or binding.qualified_name is not None:
            return spelled_dtype(self.facts, node)
        # A local name: as the bindings that reach it on MPS spell it, the last wide one
        # (`for dtype in (torch.float32, torch.float64):`), else the last one.
        spelled = [
            self._spelled(seen.value, depth + 1)
            for seen in self._paths.reaching(node, binding.reaching())
            if seen.value is not None and not chosen_by_data(self.facts, seen.value)
        ]
        known = [found for found in reversed(spelled) if found is not None]
        return next((found for found in known if found[0].is_wide), known[0] if known else None)

    def _dtype_made_elsewhere(self, node: cst.BaseExpression) -> Optional[Spelled]:
        """The dtype another module of the run sets where this module reads it (`DTYPE`
        after `from .config import DTYPE`, `self.dtype` of a base class it defines)."""
        export = self._imported(node)
        if export is None or not export.dtype:
            return None
        return exported_dtype(export.made_by, export.made_where)


def _made_bare(owner: Value) -> bool:
    """Was a library object made here with the dtype its class makes by default: by a call
    of its class given no `dtype=` (nor `**` arguments that may hold one)?"""
    made = owner.origin
    if not isinstance(made, cst.Call):
        return False
    return keyword(made, "dtype") is None and not any(arg.star == "**" for arg in made.args)


def _exported(export: Export, node: cst.BaseExpression) -> Value:
    """The tensor or NumPy array another module's export says a node gives, of its dtype
    (float64, or a narrow one of a returned tuple's place); the library object it says a
    class keeps (`data.adj`, a sparse matrix of float64 data)."""
    if export.width == OBJECT:
        return named_object(export.made_by, node)
    return Value(Kind.TENSOR if export.tensor else Kind.NDARRAY, Dtype.named(export.width), origin=node)


def _run_by(callee: Callee, call: cst.Call) -> Optional[cst.Call]:
    """The call of a library's function or method `partial` bound arguments of that a call
    of it makes: the arguments bound by place first, then those the call gives; the keywords
    bound but those the call gives again, then the call's. None for another function held."""
    if callee.bound is None or not isinstance(callee.target, cst.BaseExpression):
        return None
    bound, given = callee.bound.args[1:], call.args
    again = {arg.keyword.value for arg in given if arg.keyword is not None}
    by_place = [arg for arg in (*bound, *given) if arg.keyword is None and arg.star != "**"]
    keywords = [arg for arg in bound if arg.star == "**" or (arg.keyword and arg.keyword.value not in again)]
    keywords += [arg for arg in given if arg.keyword is not None or arg.star == "**"]
    try:
        return cst.Call(func=callee.target, args=(*by_place, *keywords))
    except cst.CSTValidationError:  # `*args` after a keyword
        return None


def _columns_together(columns: Value) -> Value:
    """A dict of columns as the frame made of it holds them: an array of the dtype NumPy
    promotes theirs to, where each is an array (or a NumPy scalar, broadcast) of a dtype
    known; not known otherwise (a list of strings, a column of data not known)."""
    dtypes = [
        column.dtype for column in columns.parts
        if column.kind in (Kind.NDARRAY, Kind.NUMPY_SCALAR) and not column.partial
    ]
    if not columns.parts or len(dtypes) != len(columns.parts) or None in dtypes:
        return UNKNOWN
    return Value(Kind.NDARRAY, reduce(numpy_promoted, [d for d in dtypes if d is not None]))


def _names_a_column(frame: Value, name: str) -> bool:
    """Is an attribute of a frame one of its columns (`frame.rating`): a public name that is
    none of the members the probe found?"""
    frame_type = OBJECT_KINDS["dataframe"]
    return frame.type == frame_type and not name.startswith("_") and not is_probed_member(f"{frame_type}.{name}")


def _column(frame: Value, origin: cst.BaseExpression) -> Value:
    """A frame's column read by its name (`frame.rating`, `frame["rating"]`): a series of the
    frame's dtype (what NumPy promotes its columns' dtypes to)."""
    return Value(
        Kind.OBJECT, frame.dtype, origin=origin, type=OBJECT_KINDS["series"], default_widths=frame.default_widths,
        partial=frame.partial,
    )


def _empty_sequence(node: cst.BaseExpression) -> bool:
    return isinstance(node, (cst.List, cst.Tuple)) and not node.elements


def _known(found: Value) -> bool:
    """Does the module's code say what a value is, beyond what another module or the
    project's tests may say (an array of a dtype not known is not: `np.array(json.load(f))`)?"""
    return found.kind is not Kind.UNKNOWN and not (found.is_array and found.dtype is None)


def _is_literal(node: cst.BaseExpression) -> bool:
    """A number or a string: no tensor."""
    return isinstance(node, (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString))


def _dtype_asked(call: cst.Call, method: str) -> Optional[cst.BaseExpression]:
    """The dtype a method that gives data of the dtype asked is asked for, if it is one."""
    if method not in ARRAY_OF_THE_DTYPE_ASKED:
        return None
    return dtype_argument(call, ARRAY_OF_THE_DTYPE_ASKED[method])


def _is_arithmetic(operator: cst.BaseBinaryOp) -> bool:
    """`+ - * / // % ** @` (LibCST's classes are read when a module is analysed, not imported)."""
    arithmetic = (
        cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.FloorDivide, cst.Modulo, cst.Power, cst.MatrixMultiply,
    )
    return isinstance(operator, arithmetic)
