"""Data whose dtype the code does not show, where it becomes a tensor or a batch.

The float64 that ships most often is never spelled: a NumPy array from a library or a
caller, a data loader's batches, a checkpoint. Its dtype is decided at run time. This
module says, for an expression, whether it is such data and where it comes from:

- `unseen_data(x)`, for the data handed to `torch.tensor(x)`, `torch.as_tensor(x)` or
  `torch.from_numpy(x)`: a parameter that holds an array (by its annotation or its use),
  the result of a call the analysis does not model (`self.compute_fn(...)`,
  `df.to_numpy()`, `np.load`),
  an attribute of another object (`frame.values`), followed through names, indexing,
  arithmetic, dtype-keeping NumPy functions, what the class sets on `self` and what the
  module's own functions return. Python numbers and lists of them (torch gives them its
  default dtype), NumPy calls with a dtype, `.astype(...)`, tensors torch computes and
  integer producers (`len`, `range`, `np.arange` of integers) are seen.
- `batch(x)`: a part of what a loop over a data loader gives (`for x, y in loader`,
  through `enumerate`, `zip`, `tqdm`, `batch["features"]`, `batch.items()` and
  parameters that a caller in the module passes a batch to).
- `tensor_of_data(x)`: a tensor made by `torch.from_numpy` / `torch.tensor` /
  `torch.as_tensor` of unseen data without a dtype, followed through names and
  dtype-keeping methods.

Data named as integers (`input_ids`, `labels`, `mask`, `indices`, `lengths`, ...) is
not reported: it is integer data in practice, and integers are safe on MPS.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

from f64lint.analysis.domain.casts import casts_narrow, casts_to_chosen_dtype
from f64lint.analysis.domain.dtypes import Width, dtype_of, dtype_uses
from f64lint.analysis.domain.library import (
    ARRAY_FILE_READERS,
    ARRAY_MEMBERS,
    ARRAY_VIEWS,
    CONVERSIONS,
    DATASETS_OF_TENSORS,
    DTYPE_NAMED_CASTS,
    NUMPY_ARRAYS_OF_DATA,
    SIZED_MAKERS,
    SIZES_AND_PLACES,
    TENSOR_VIEWS,
    Returns,
    functions,
    methods,
    short_names,
)
from f64lint.analysis.evaluation.lattice import Dtype, Kind
from f64lint.analysis.flow.data_evidence import integer_named
from f64lint.analysis.flow.values import TENSOR_OF_DATA, Flow
from f64lint.analysis.semantic.bindings import Binding
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.semantic.traces import kept
from f64lint.analysis.syntax.calls import MAX_TRACE_DEPTH, argument_for, keyword, method_name, passed_as, positional
from f64lint.analysis.syntax.nodes import integer_index, last_name
from f64lint.cst import cst

_DEPTH = MAX_TRACE_DEPTH * 3
_NUMPY_KEEPS_DTYPE = (
    functions("numpy", Returns.ARGUMENT_DTYPE) | functions("numpy", Returns.FLOAT_OF_NUMBERS)
    | functions("scipy", Returns.ARGUMENT_DTYPE)
)
# `.real` and `.imag` keep the precision: float32 of complex64.
_ARRAY_KEEPS_DTYPE = methods("numpy.ndarray", Returns.RECEIVER_DTYPE) | set(short_names(ARRAY_VIEWS))
_TENSOR_KEEPS_DTYPE = methods("torch.Tensor", Returns.RECEIVER_DTYPE) | set(short_names(TENSOR_VIEWS))
_SHOWN_BY_CAST = frozenset(short_names(DTYPE_NAMED_CASTS))
_CONVERTED_TO = frozenset(short_names(CONVERSIONS))
_INTEGER_ATTRIBUTES = frozenset(short_names(SIZES_AND_PLACES))
# What shows that a parameter holds an array: its annotation, or reading it as one.
_ARRAY_ANNOTATION = re.compile(r"ndarray|NDArray|ArrayLike|Tensor|\barray\b")
_ARRAY_ATTRIBUTES = frozenset(short_names(ARRAY_MEMBERS))
# Return annotations of Python numbers and sequences of them.
_PYTHON_VALUES = re.compile(
    r"^(?:int|float|bool|(?:\w+\.)?(?:List|Sequence|Tuple|list|tuple)\[(?:int|float|bool)[^\]]*\])$"
)
_SIZES = frozenset(short_names(SIZED_MAKERS))
_NAME_PART = re.compile(r"^[\w.]+")  # a name, or the rest of one a cut began inside


@dataclass(frozen=True)
class UnseenData:
    """Data whose dtype is decided at run time, and where it comes from."""

    origin: cst.CSTNode
    described: str  # for messages: "data from parameter `x`", "a batch of `loader`"


@dataclass(frozen=True)
class Float64Batch:
    """A loader whose batches hold float64 at a place, and, for messages, where its dataset
    makes it ("whose dataset gives `np.zeros` from line 7: a DataLoader keeps NumPy's float64")."""

    loader: cst.BaseExpression
    made: str


def _iterated_at(
    iterated: cst.BaseExpression, path: Tuple[int, ...], once: bool = False
) -> Optional[Tuple[cst.BaseExpression, Tuple[int, ...]]]:
    """What a loop over `iterated` binds at `path` of its target comes from: the iterable
    inside `enumerate`, `zip` and `tqdm` (`once`: one of them), at the rest of the path;
    None for `enumerate`'s count or a place `zip` has not."""
    while isinstance(iterated, cst.Call):
        name, args = last_name(iterated.func), positional(iterated)
        if name == "enumerate" and args:
            if path and path[0] == 0:
                return None
            iterated, path = args[0], path[1:]
        elif name == "zip" and args:
            if not path or path[0] >= len(args):
                return None
            iterated, path = args[path[0]], path[1:]
        elif name.endswith("tqdm") and args:
            iterated = args[0]
        else:
            break
        if once:
            break
    return iterated, path


def described(node: cst.CSTNode) -> str:
    """Code for a message: on one line, and a long expression by its end (`….permute()`),
    cut where a name or a dotted name starts, not inside one."""
    text = " ".join(_code(node).split())
    if len(text) <= 48:
        return text
    tail = text[-47:]
    if re.match(r"\w", text[-48]):
        tail = _NAME_PART.sub("", tail, count=1)
    return "…" + tail


class DataOrigins:
    """Answers, for one module, where data of unseen dtype comes from (results cached)."""

    def __init__(self, facts: ModuleFacts, flow: Flow) -> None:
        self.facts = facts
        self.flow = flow
        self.traces = facts.traces.sharing()
        self._unseen: Dict[cst.CSTNode, Optional[UnseenData]] = {}
        self._batches: Dict[cst.CSTNode, Optional[Tuple[cst.BaseExpression, Optional[Tuple[int, ...]]]]] = {}
        self._makes_float64: Optional[bool] = None

    def makes_float64(self) -> bool:
        """Does the module make float64 data anywhere: a float64 dtype spelled or a float64
        NumPy array? Where it does not, a caller's tensor is taken to have the dtype the
        caller's model gives it."""
        if self._makes_float64 is None:
            facts = self.facts
            self._makes_float64 = any(
                (dtype := dtype_of(facts, use.value)) is not None and dtype.width is Width.FLOAT64
                for use in dtype_uses(facts)
            ) or any(self.flow.float64_array(call) is not None for call in facts.calls)
        return self._makes_float64

    def handed_in(self, node: cst.BaseExpression) -> bool:
        """Is a value a tensor the code was handed or keeps (a name, an attribute, an item,
        or one of those through methods that keep the dtype: `z.detach()`), not one it makes
        and not a batch (`batch["x"]`, `imgs = batch_data`: a loader's batch has its
        dataset's dtype)?"""
        while isinstance(node, cst.Call) and method_name(node) in _TENSOR_KEEPS_DTYPE:
            assert isinstance(node.func, cst.Attribute)
            node = node.func.value
        if not isinstance(node, (cst.Name, cst.Attribute, cst.Subscript)):
            return False
        for _ in range(MAX_TRACE_DEPTH):
            while isinstance(node, (cst.Attribute, cst.Subscript)):
                node = node.value
            if not isinstance(node, cst.Name) or "batch" in node.value.lower():
                return not isinstance(node, cst.Name)
            assigned = self.facts.assigned_value(node)  # `imgs = batch_data`
            if not isinstance(assigned, (cst.Name, cst.Attribute, cst.Subscript)):
                return True
            node = assigned
        return True

    # Data handed to torch ---------------------------------------------------------------

    def unseen_data(self, node: cst.BaseExpression, depth: int = 0) -> Optional[UnseenData]:
        if node in self._unseen:
            return self._unseen[node]
        if depth > _DEPTH:
            return None
        self._unseen[node] = None  # a cycle through names sees nothing
        found = self._unseen[node] = self._unseen_data(node, depth + 1) or self._read_from_a_file(node)
        return found

    def _read_from_a_file(self, node: cst.BaseExpression) -> Optional[UnseenData]:
        """Data the evaluator follows from a reader of saved arrays, through what the names
        above do not show: unpacking a function's tuple, a `with` statement's target
        (`emb, target = load_cache(path)` of `with np.load(path) as f: return f["x"], ...`)."""
        held = self.flow.evaluation.value(node)
        origin = held.origin
        if held.kind is not Kind.NDARRAY or held.dtype is not None or not isinstance(origin, cst.Call):
            return None
        if self.facts.qualified_name(origin.func) not in ARRAY_FILE_READERS:
            return None
        return UnseenData(origin, f"data from `{described(origin.func)}()`")

    def _unseen_data(self, node: cst.BaseExpression, depth: int) -> Optional[UnseenData]:
        held = self.flow.evaluation.value(node)  # a narrow array the evaluator follows (a PCA fitted on float32)
        if held.is_array and held.dtype is not None and held.dtype < Dtype.FLOAT64:
            return None
        if isinstance(node, cst.Name):
            return self._unseen_name(node, depth)
        if isinstance(node, cst.Subscript):
            return self.unseen_data(node.value, depth)
        if isinstance(node, cst.Attribute):
            return self._unseen_attribute(node, depth)
        if isinstance(node, cst.Call):
            return self._unseen_call(node, depth)
        if isinstance(node, cst.BinaryOperation):
            return self.unseen_data(node.left, depth) or self.unseen_data(node.right, depth)
        if isinstance(node, cst.UnaryOperation) and not isinstance(node.operator, cst.Not):
            return self.unseen_data(node.expression, depth)
        if isinstance(node, cst.IfExp):
            return self.unseen_data(node.body, depth) or self.unseen_data(node.orelse, depth)
        return None  # numbers, strings, lists of Python values, comparisons

    def _numpy_data(self, node: cst.BaseExpression, depth: int) -> Optional[UnseenData]:
        """Data NumPy makes an array of: a parameter's Python floats become float64 too
        (`np.array(probas)` of `probas: List[float]`)."""
        if isinstance(node, cst.Name):
            binding = self.facts.bindings.get(node)
            param = self._parameter(binding) if binding is not None else None
            if param is not None:
                return _from_parameter(param)
        return self.unseen_data(node, depth)

    def _unseen_name(self, node: cst.Name, depth: int) -> Optional[UnseenData]:
        binding = self.facts.bindings.get(node)
        if binding is None or binding.qualified_name is not None or binding.definition is not None:
            return None
        reaching = binding.reaching()
        if any(isinstance(seen.value, cst.Call) and self._casts(seen.value) for seen in reaching):
            return None  # `value = value.to(old.dtype)` on a path: the code decides the dtype here
        for seen in reaching:
            param = self._parameter(seen)
            if param is not None:
                if self._holds_an_array(param):
                    return _from_parameter(param)
                continue
            if seen.value is not None:
                found = self.unseen_data(seen.value, depth)
                if found is not None:
                    return found
            elif seen.iterated is not None:  # `for xb, yb in batches(frame):` what it gives, one by one
                found = self._yielded(seen.iterated, seen.path, depth)
                if found is not None:
                    return found
        return None

    def _yielded(self, iterated: cst.BaseExpression, path: Tuple[int, ...], depth: int) -> Optional[UnseenData]:
        """What a loop binds of what a function the module does not model gives, one by one
        (`sliding_windows(frame)` of another module, inside `enumerate` too): data of a dtype
        not known. Not an object's method (`kwargs.items()`, `self.model.embed()`) nor what
        an attribute holds: what those give is more often not data than data."""
        inner = _iterated_at(iterated, path)
        if inner is None or not isinstance(inner[0], cst.Call) or not isinstance(inner[0].func, cst.Name):
            return None
        return self.unseen_data(inner[0], depth)

    def _unseen_attribute(self, node: cst.Attribute, depth: int) -> Optional[UnseenData]:
        if node.attr.value in _ARRAY_KEEPS_DTYPE:
            return self.unseen_data(node.value, depth)
        if node.attr.value in _INTEGER_ATTRIBUTES or "config" in _code(node).lower():
            return None  # sizes, and configuration values (Python numbers and lists)
        set_there = self.flow.set_on(node)
        if set_there is not None:
            return next(filter(None, (self.unseen_data(value, depth) for value in set_there)), None)
        if self.facts.qualified_name(node) is not None or (
            isinstance(node.value, cst.Name) and node.value.value in ("self", "cls")
        ):
            return None  # a module's constant, or an attribute the class never sets here
        return UnseenData(node, f"data from `{described(node)}`")

    @kept
    def shows_dtype(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """Does the code show the dtype of this data: made with `dtype=`, cast
        (`.astype(np.float32)`, `.float()`, `.long()`), a Python number, or one of those
        through names, items, what the class sets on `self` and dtype-keeping calls? (Not
        seeing where data comes from is not seeing its dtype.)"""
        if self.traces.beyond(depth, _DEPTH):
            return False
        if isinstance(node, (cst.Integer, cst.Float)):
            return True
        if isinstance(node, cst.Name):
            values = self.facts.reaching_values(node)
            return bool(values) and all(v is not None and self.shows_dtype(v, depth + 1) for v in values)
        if isinstance(node, cst.Subscript):
            return self.shows_dtype(node.value, depth + 1)
        if isinstance(node, cst.Attribute):
            set_there = self._set_by_the_family(node)
            return bool(set_there) and all(self.shows_dtype(v, depth + 1) for v in set_there)
        if not isinstance(node, cst.Call):
            return False
        method = method_name(node)
        if keyword(node, "dtype") is not None or self._casts(node) or method in _SHOWN_BY_CAST:
            return True
        if method in _ARRAY_KEEPS_DTYPE or method in _TENSOR_KEEPS_DTYPE:
            assert isinstance(node.func, cst.Attribute)
            return self.shows_dtype(node.func.value, depth + 1)
        qualified = self.facts.qualified_name(node.func)
        if qualified in TENSOR_OF_DATA or qualified in NUMPY_ARRAYS_OF_DATA or qualified in _NUMPY_KEEPS_DTYPE:
            args = positional(node)
            return bool(args) and all(self.shows_dtype(arg, depth + 1) for arg in args)
        return False

    def _set_by_the_family(self, node: cst.Attribute) -> List[cst.BaseExpression]:
        """What `self.<name>` is set to by its class and the module's classes it derives
        from (`self.x` of a subclass whose base's `__init__` sets it)."""
        owner = self.facts.definitions.enclosing_class(node) if self.flow.set_on(node) is not None else None
        if owner is None:
            return []
        bases = self.facts.definitions.bases
        found: List[cst.BaseExpression] = []
        pending, seen = [owner], []
        while pending:
            current = pending.pop()
            if current not in seen:
                seen.append(current)
                found.extend(self.flow.assigned_to_self(current, node.attr.value))
                pending.extend(bases(current))
        return found

    def _casts(self, call: cst.Call) -> bool:
        return casts_narrow(self.facts, call) or casts_to_chosen_dtype(call)

    def _unseen_call(self, call: cst.Call, depth: int) -> Optional[UnseenData]:
        if keyword(call, "dtype") is not None or self._casts(call):
            return None
        qualified = self.facts.qualified_name(call.func)
        method = method_name(call)
        if qualified is not None:
            if qualified == "typing.cast" and len(call.args) == 2:
                return self.unseen_data(call.args[1].value, depth)  # `cast(Tuple, value)` is the value
            if qualified in NUMPY_ARRAYS_OF_DATA or qualified in _NUMPY_KEEPS_DTYPE:
                args = positional(call)
                return next(filter(None, (self._numpy_data(arg, depth) for arg in args)), None)
            if qualified.startswith(("torch.", "builtins.", "math.")):
                return None  # torch computes its own dtype; Python gives Python numbers
            if qualified.startswith("numpy.") and qualified not in ARRAY_FILE_READERS:
                return None  # NumPy's makers: float64 (F64003) or their own dtype
            return UnseenData(call, f"data from `{described(call.func)}()`")
        if method in _CONVERTED_TO or method in _INTEGER_ATTRIBUTES:
            return None
        function = self.flow.callee(call)
        if function is not None:
            if function.returns is not None and _PYTHON_VALUES.match(_code(function.returns.annotation)):
                return None  # `-> float`, `-> Sequence[float]`: torch gives them its default dtype
            returned = self.flow.returned_values(function)
            return next(filter(None, (self.unseen_data(value, depth) for value in returned)), None)
        if method in _ARRAY_KEEPS_DTYPE and isinstance(call.func, cst.Attribute):
            return self.unseen_data(call.func.value, depth)
        if isinstance(call.func, cst.Name) and self.facts.bindings.get(call.func) is None:
            return None  # an unknown global: nothing to say
        if (
            isinstance(call.func, cst.Attribute)
            and call.func.attr.value.startswith("_")
            and self.flow.set_on(call.func) == []
        ):
            return None  # a private helper the class inherits from a class of another module of the project
        return UnseenData(call, f"data from `{described(call.func)}()`")

    def _holds_an_array(self, param: cst.Param) -> bool:
        """Does a parameter given to `torch.tensor` hold an array (its annotation says so,
        or it is read as one: `x.shape`, `x.astype(...)`, `np.mean(x)`)? Python numbers and
        lists take torch's default dtype there."""
        if param.annotation is not None:
            return _ARRAY_ANNOTATION.search(_code(param.annotation.annotation)) is not None
        for read in self.facts.parameter_reads(param):
            parent = self.facts.parent(read)
            if isinstance(parent, cst.Attribute) and parent.value is read and parent.attr.value in _ARRAY_ATTRIBUTES:
                return True
            call = self.facts.parent(parent) if isinstance(parent, cst.Arg) else None
            if isinstance(call, cst.Call) and (self.facts.qualified_name(call.func) or "").startswith("numpy."):
                return last_name(call.func) not in _SIZES
        return False

    def _parameter(self, binding: Binding) -> Optional[cst.Param]:
        """The parameter whose binding this is, if any."""
        entry = self.facts.parameter(binding)
        return entry[1] if entry is not None else None

    # Tensors made of data -----------------------------------------------------------------

    @kept
    def tensor_of_data(self, node: cst.BaseExpression, depth: int = 0) -> Optional[UnseenData]:
        """A tensor made of unseen data with no dtype, and no cast since."""
        if self.traces.beyond(depth, _DEPTH):
            return None
        if isinstance(node, cst.Name):
            values = self.facts.reaching_values(node)
            if not values or any(value is None for value in values):
                return None
            return next(filter(None, (self.tensor_of_data(v, depth + 1) for v in values if v is not None)), None)
        if isinstance(node, cst.Subscript):
            return self.tensor_of_data(node.value, depth + 1)
        if isinstance(node, cst.Attribute):  # `self.probas`, set in `__init__`
            set_there = self.flow.set_on(node) or []
            return next(filter(None, (self.tensor_of_data(v, depth + 1) for v in set_there)), None)
        if not isinstance(node, cst.Call):
            return None
        if self.facts.qualified_name(node.func) in TENSOR_OF_DATA:
            if keyword(node, "dtype") is not None or not node.args or integer_named(node.args[0].value):
                return None
            data = node.args[0].value
            if self.facts.qualified_name(node.func) == "torch.from_numpy":
                return self._numpy_data(data, 0)  # an array, whatever its parameter's annotation
            return self.unseen_data(data)
        if casts_narrow(self.facts, node) or casts_to_chosen_dtype(node):
            return None
        method = method_name(node)
        if method == "view" and any(dtype_of(self.facts, arg) is not None for arg in positional(node)):
            return None  # `.view(torch.bfloat16)` reinterprets as that dtype
        if method in _TENSOR_KEEPS_DTYPE and isinstance(node.func, cst.Attribute):
            return self.tensor_of_data(node.func.value, depth + 1)
        return None

    def moved_data(self, node: cst.BaseExpression) -> Optional[UnseenData]:
        """Is a moved value data of unseen dtype: a tensor made of such data, a batch, or a
        caller's tensor (a parameter read as it is)?"""
        found = self.tensor_of_data(node) or self.batch(node)
        if found is not None or not isinstance(node, cst.Name):
            return found
        binding = self.facts.bindings.get(node)
        param = self._parameter(binding) if binding is not None else None
        return _from_parameter(param) if param is not None else None

    def recursed_part(self, node: cst.BaseExpression) -> Optional[UnseenData]:
        """A parameter of a function that calls itself on the parameter's parts
        (`[move(i, device) for i in inputs]`, `{k: move(v, device) ...}`): a helper that
        moves whatever a batch holds, float64 arrays made tensors included."""
        binding = self.facts.bindings.get(node) if isinstance(node, cst.Name) else None
        entry = self.facts.parameter(binding)
        if entry is None:
            return None
        function, param = entry
        for call in self.facts.definitions.call_sites(function):
            if self.facts.enclosing_function(call) is not function:
                continue
            argument = argument_for(function, param, call)
            if argument is not None and not (isinstance(argument, cst.Name) and argument.value == param.name.value):
                return UnseenData(param, f"each part of a batch handed to `{function.name.value}()`")
        return None

    def dataset_item_tensors(self) -> List[Tuple[cst.Call, cst.ClassDef]]:
        """The tensors a dataset class's `__getitem__` (or `__iter__`) makes of data and gives
        in its items (`return image, {"boxes": torch.from_numpy(boxes)}`, through names): a
        `DataLoader` keeps their dtype in every batch."""
        found: List[Tuple[cst.Call, cst.ClassDef]] = []
        for owner in self.facts.classes:
            if not any("Dataset" in last_name(base.value) for base in owner.bases):
                continue
            for value in self.flow.items_given(owner):
                found.extend((call, owner) for call in self._tensors_given(value, 0))
        return found

    @kept
    def _tensors_given(self, value: cst.BaseExpression, depth: int) -> List[cst.Call]:
        """The tensor-making calls an item gives: itself, its elements and dict values, and
        what the names in it were assigned."""
        if self.traces.beyond(depth, MAX_TRACE_DEPTH):
            return []
        if isinstance(value, cst.Call):
            return [value] if self.facts.qualified_name(value.func) in TENSOR_OF_DATA else []
        if isinstance(value, (cst.Tuple, cst.List)):
            parts = [element.value for element in value.elements]
        elif isinstance(value, cst.Dict):
            parts = [element.value for element in value.elements if isinstance(element, cst.DictElement)]
        elif isinstance(value, cst.Name):
            parts = [v for v in self.facts.reaching_values(value) if v is not None]
        else:
            return []
        return [call for part in parts for call in self._tensors_given(part, depth + 1)]

    # Batches of data loaders ---------------------------------------------------------------

    def batch(self, node: cst.BaseExpression) -> Optional[UnseenData]:
        """A part of a loader's batch whose dtype is not seen: not one whose dataset (a class
        of this module) gives data of a seen dtype there."""
        found = self._batch_place(node, 0)
        if found is None:
            return None
        items = self.dataset_items(node)
        if items and all(self.unseen_data(item) is None and self.tensor_of_data(item) is None for _, item in items):
            return None
        if self._seen_in_imported_dataset(*found) or self._own_collate(found[0]):
            return None
        return UnseenData(found[0], f"a batch of `{described(found[0])}`")

    @kept
    def _own_collate(self, loader: cst.BaseExpression, depth: int = 0) -> bool:
        """Is the loader a `DataLoader(..., collate_fn=collate)` (or a name bound to one) of a
        collate function the module defines whose batches show their dtype
        (`torch.tensor(np.stack(items), dtype=torch.float32)`)? That function, not the
        dataset, makes the batch. (`collate_fn=dataset.collate_fn` may be None: the default.)"""
        if self.traces.beyond(depth, MAX_TRACE_DEPTH):
            return False
        if isinstance(loader, cst.Name):
            return any(self._own_collate(v, depth + 1) for v in self.facts.reaching_values(loader) if v is not None)
        collate = keyword(loader, "collate_fn") if isinstance(loader, cst.Call) else None
        if isinstance(collate, cst.Lambda):
            return self.shows_dtype(collate.body)
        if not isinstance(collate, cst.Name):
            return False
        function = self.facts.definitions.function_named(collate)
        if function is None:
            return False
        returned = self.flow.returned_values(function)
        return bool(returned) and all(self._batch_shows_dtype(value) for value in returned)

    def _batch_shows_dtype(self, value: cst.BaseExpression) -> bool:
        """A collate's return: each part of a tuple, list or dict shows its dtype."""
        if isinstance(value, (cst.Tuple, cst.List)):
            return all(self._batch_shows_dtype(element.value) for element in value.elements)
        if isinstance(value, cst.Dict):
            return all(isinstance(e, cst.DictElement) and self._batch_shows_dtype(e.value) for e in value.elements)
        return self.shows_dtype(value)

    def _seen_in_imported_dataset(self, loader: cst.BaseExpression, place: Optional[Tuple[int, ...]]) -> bool:
        """Does the dataset class another module of the run defines, which the loader loads
        from, give data of a dtype it shows at this place (flow/summaries.py)?"""
        made = self._dataset_made(loader) if place is not None else None
        if made is None:
            return False
        assert place is not None
        seen = self.flow.imported.seen_places(self.facts.qualified_name(made.func))
        return any(place[: len(at)] == at for at in seen)

    def float64_batch(self, node: cst.BaseExpression) -> Optional[Float64Batch]:
        """A part of a batch of a `DataLoader` over a dataset class whose `__getitem__`
        gives float64 NumPy data at that place (`return self.x[i], self.y[i]` with `self.y
        = np.zeros(...)`): the default collate keeps the dtype, so the batch is a float64
        tensor; so is one of Python floats (`return x, float(score)`), which it collates as
        float64. The class is this module's, or another module's of the run that says so
        (flow/summaries.py)."""
        for loader, item in self.dataset_items(node):
            source = self.flow.float64_array(item)
            if source is not None:
                line = self.facts.positions[source.origin].start.line
                gives = f"whose dataset gives `{source.origin_name}` from line {line}"
                return Float64Batch(loader, f"{gives}: a DataLoader keeps NumPy's float64")
            given = self.flow.evaluation.value(item)
            if given.kind is Kind.TENSOR and given.dtype is Dtype.FLOAT64 and given.origin is not None:
                line = self.facts.positions[given.origin].start.line
                held = described(given.origin)
                return Float64Batch(loader, f"whose dataset holds `{held}` from line {line}, a float64 tensor")
            if given.kind is Kind.NUMBER and given.dtype is Dtype.FLOAT64:  # collated as float64
                line = self.facts.positions[item].start.line
                return Float64Batch(
                    loader, f"whose dataset gives Python floats (`{described(item)}`, line {line}), which a DataLoader "
                    "collates as float64",
                )
        found = self._batch_place(node, 0)
        if found is None or found[1] is None:
            return None
        loader, place = found[0], found[1]
        made = self._dataset_made(loader)
        qualified = self.facts.qualified_name(made.func) if made is not None else None
        for export in self.flow.imported.dataset(qualified):
            assert export.item is not None
            if place[: len(export.item)] == export.item:
                return Float64Batch(
                    loader,
                    f"whose dataset `{export.qualified_name}` gives `{export.made_by}` at {export.path}:{export.line}: "
                    "a DataLoader keeps NumPy's float64",
                )
        return None

    def dataset_items(self, node: cst.BaseExpression) -> List[Tuple[cst.BaseExpression, cst.BaseExpression]]:
        """For a part of a batch of a `DataLoader` over a dataset class of this module, at a
        known place: the loader and what each `return` of the dataset's `__getitem__` (each
        `yield` of its `__iter__`) gives there. Over a `TensorDataset`, or a dataset class of
        another module whose items hold there what its `__init__` is given: what the call
        that makes it passes."""
        found = self._batch_place(node, 0)
        if found is None or found[1] is None:
            return []
        loader, place = found[0], found[1]
        made = self._dataset_made(loader)
        qualified = self.facts.qualified_name(made.func) if made is not None else None
        if made is not None and qualified in DATASETS_OF_TENSORS:
            tensors = positional(made)
            return [(loader, tensors[place[0]])] if place and place[0] < len(tensors) else []
        for row in self.flow.imported.items_following(qualified):
            passed = passed_as(made, row.through) if made is not None and row.item is not None else None
            if passed is None or row.item != place[: len(row.item or ())]:
                continue
            # at that place, or within it where what is passed is an array or tensor (a row of it);
            # a part of a list of tuples passed (`self.samples[i]`) is not the whole list
            held = self.flow.evaluation.value(passed)
            if len(place) == len(row.item or ()) or held.is_array or held.kind is Kind.TENSOR:
                return [(loader, passed)]
        dataset = self._dataset_class(loader)
        items = []
        for value in self.flow.items_given(dataset) if dataset is not None else ():
            for index in place:
                if not isinstance(value, (cst.Tuple, cst.List)) or index >= len(value.elements):
                    break
                if any(isinstance(element, cst.StarredElement) for element in value.elements[: index + 1]):
                    break  # `(*ids, x)`: the places are not known
                value = value.elements[index].value
            else:
                items.append((loader, value))
        return items

    def _batch_place(
        self, node: cst.BaseExpression, depth: int
    ) -> Optional[Tuple[cst.BaseExpression, Optional[Tuple[int, ...]]]]:
        """The loader a batch part comes from, and its place in the dataset's items when it
        is known (`x, y = batch` gives `y` place (1,), as does `batch[1]`; `batch["x"]` and
        `batch.x` are parts at no known place)."""
        if node in self._batches:
            return self._batches[node]
        self._batches[node] = None  # a cycle through names finds nothing
        found = self._batches[node] = self._place_of(node, depth) if depth <= _DEPTH else None
        return found

    def _place_of(
        self, node: cst.BaseExpression, depth: int
    ) -> Optional[Tuple[cst.BaseExpression, Optional[Tuple[int, ...]]]]:
        if isinstance(node, cst.Subscript):
            found = self._batch_place(node.value, depth + 1)
            index = integer_index(node)
            if found is None or found[1] is None or index is None:
                return _at_no_place(found)
            return found[0], (*found[1], index)
        if isinstance(node, cst.Attribute):
            return _at_no_place(self._batch_place(node.value, depth + 1))
        if isinstance(node, cst.Call):
            if isinstance(node.func, cst.Name) and node.func.value == "next" and node.args:
                inner = node.args[0].value
                if isinstance(inner, cst.Call) and isinstance(inner.func, cst.Name) and inner.func.value == "iter":
                    inner = inner.args[0].value if inner.args else inner
                return (inner, ()) if self._loader(inner) else None
            if method_name(node) in _TENSOR_KEEPS_DTYPE and isinstance(node.func, cst.Attribute):
                return self._batch_place(node.func.value, depth + 1)
            return None
        if not isinstance(node, cst.Name):
            return None
        binding = self.facts.bindings.get(node)
        for bound in binding.reaching() if binding is not None else ():
            found = self._bound_place(bound, depth)
            if found is not None:
                return found
        return None

    def _bound_place(
        self, bound: Binding, depth: int
    ) -> Optional[Tuple[cst.BaseExpression, Optional[Tuple[int, ...]]]]:
        if bound.iterated is not None:
            return self._element_place(bound.iterated, bound.path, depth + 1)
        if bound.unpacked is not None:
            found = self._batch_place(bound.unpacked, depth + 1)
            if found is None or found[1] is None:
                return _at_no_place(found)
            return found[0], found[1] + bound.path
        if bound.value is not None:
            return self._batch_place(bound.value, depth + 1)
        for argument in self._passed_for(bound):
            found = self._batch_place(argument, depth + 1)
            if found is not None:
                return found
        return None

    def _passed_for(self, binding: Binding) -> List[cst.BaseExpression]:
        """What the calls of a function elsewhere in the module pass for the parameter
        whose binding this is (`self._step(batch, i)` for `def _step(self, data, i)`)."""
        entry = self.facts.parameter(binding)
        if entry is None:
            return []
        function, param = entry
        passed = []
        for call in self.facts.definitions.call_sites(function):
            argument = argument_for(function, param, call)
            if argument is not None and self.facts.enclosing_function(call) is not function:
                passed.append(argument)
        return passed

    def _element_place(
        self, iterated: cst.BaseExpression, path: Tuple[int, ...], depth: int
    ) -> Optional[Tuple[cst.BaseExpression, Optional[Tuple[int, ...]]]]:
        """What a loop over `iterated` binds at `path` of its target, if part of a batch."""
        if self._loader(iterated):
            return iterated, path
        inner = _iterated_at(iterated, path, once=True)
        if inner is None:
            return None  # a count
        if inner[0] is not iterated:
            return self._element_place(inner[0], inner[1], depth + 1)
        if isinstance(iterated, cst.Call):
            name = last_name(iterated.func)
            if name in ("items", "values") and isinstance(iterated.func, cst.Attribute):
                if name == "items" and (not path or path[0] == 0):
                    return None  # the keys
                return _at_no_place(self._batch_place(iterated.func.value, depth + 1))
        return _at_no_place(self._batch_place(iterated, depth + 1))

    def _dataset_class(self, loader: cst.BaseExpression) -> Optional[cst.ClassDef]:
        """The class of this module a `DataLoader(...)` (or a name bound to one) loads from."""
        made = self._dataset_made(loader)
        return self.facts.definitions.instantiated(made) if made is not None else None

    @kept
    def _dataset_made(self, loader: cst.BaseExpression, depth: int = 0) -> Optional[cst.Call]:
        """The call that makes the dataset a `DataLoader(...)` (or a name bound to one)
        loads from: `SpectraDataset(path)` of `DataLoader(SpectraDataset(path))`."""
        if self.traces.beyond(depth, MAX_TRACE_DEPTH):
            return None
        if isinstance(loader, cst.Name):
            values = [v for v in self.facts.reaching_values(loader) if v is not None]
            binding = self.facts.bindings.get(loader)
            for bound in binding.reaching() if binding is not None else ():
                values += self._passed_for(bound)  # a parameter: what the module's calls pass
            return next(filter(None, (self._dataset_made(v, depth + 1) for v in values)), None)
        if not (isinstance(loader, cst.Call) and last_name(loader.func).endswith("DataLoader")):
            return None
        if keyword(loader, "collate_fn") is not None:
            return None  # its own collate decides what a batch holds
        args = positional(loader)
        dataset = keyword(loader, "dataset") or (args[0] if args else None)
        for _ in range(MAX_TRACE_DEPTH):
            if not isinstance(dataset, cst.Name):
                break
            dataset = self.facts.assigned_value(dataset)
        return dataset if isinstance(dataset, cst.Call) else None

    @kept
    def _loader(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """A data loader: `DataLoader(...)`, a name bound to one, a `*loader` name or
        attribute (not `*loaders`, a collection of loaders), a `*_dataloader()` method's
        result."""
        if self.traces.beyond(depth, MAX_TRACE_DEPTH):
            return False
        if isinstance(node, cst.Call):
            name = last_name(node.func)
            return name.endswith(("DataLoader", "dataloader"))
        name = last_name(node).lower()
        if "loader" in name and not name.endswith("loaders"):  # `loaders`: a collection of them
            return True
        if isinstance(node, cst.Name):
            return any(self._loader(v, depth + 1) for v in self.facts.reaching_values(node) if v is not None)
        return False


def _at_no_place(
    found: Optional[Tuple[cst.BaseExpression, Optional[Tuple[int, ...]]]],
) -> Optional[Tuple[cst.BaseExpression, Optional[Tuple[int, ...]]]]:
    """The same loader, at a place in its items that is not known."""
    return (found[0], None) if found is not None else None


def _from_parameter(param: cst.Param) -> UnseenData:
    return UnseenData(param, f"data from parameter `{param.name.value}`")


def _code(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node)
