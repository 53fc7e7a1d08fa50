"""Library results as values: what the probe saw torch's and NumPy's functions, methods
and operators give (domain/probed.py), read for the classes of the values a call hands
them; the library table's hand entries where probing cannot reach.
"""

from __future__ import annotations

from dataclasses import replace
from typing import List, Optional, Sequence, Tuple

from f64lint.analysis.domain.library import (
    OBJECT_DATA_DTYPES,
    SAME_DATA_IN_MODES,
    TENSOR_TYPE,
    Returns,
    float64_parts,
    member,
)
from f64lint.analysis.domain.probed import (
    MORE_ARRAY_CLASSES,
    OBJECT_KINDS,
    OBJECT_OPERAND,
    Seen,
    keywords_alone_called,
    operator_results,
    public_class,
    seen_by_every_call,
    seen_by_keywords,
    seen_for_call,
    seen_given,
    seen_given_numbers,
)
from f64lint.analysis.evaluation.dicts import mapping
from f64lint.analysis.evaluation.lattice import UNKNOWN, Dtype, Kind, Value, arithmetic, join, sources_of
from f64lint.analysis.evaluation.structure import (
    arrays_in,
    as_possible,
    is_frame,
    kept_from,
    may_be,
    members_of,
    partly_unknown,
)
from f64lint.analysis.syntax.calls import passes_keywords
from f64lint.cst import cst

# The probed table's input classes of arrays, and its kinds of results: NumPy's, and the
# library objects it names by their class. A boolean mask is read as 8-bit integers
# (`np.mean(preds == labels)`; bench/probe_library_dtypes.py probes no bool class): each
# NumPy function of the table that gave float64 for uint8 data gave it for a bool array too,
# or failed (two give wider results for booleans, `np.angle` and `np.sort_complex`: missed).
INPUT_CLASSES = {
    Dtype.BOOL: "uint8", Dtype.SMALL_INTEGER: "uint8", Dtype.INTEGER: "int64", Dtype.FLOAT32: "float32",
    Dtype.FLOAT64: "float64", Dtype.COMPLEX128: "complex128",
}
# torch promotes by category, not width: an 8-bit operand gives what an int64 one does.
_TENSOR_CLASSES = {**INPUT_CLASSES, Dtype.SMALL_INTEGER: "int64"}
SEEN_KINDS = {"ndarray": Kind.NDARRAY, "numpy_scalar": Kind.NUMPY_SCALAR, "tensor": Kind.TENSOR}
# How the probe names data of its input class, and integer labels, in its call templates;
# the class of a call given no data.
_DATA, _LABELS, _NO_DATA = "x", "labels", "none"
# The probe's kinds of Python numbers, and its type of a list.
_PYTHON_NUMBERS = {"python_float": Dtype.FLOAT64, "python_int": Dtype.INTEGER}
PYTHON_NUMBER_KINDS = frozenset(_PYTHON_NUMBERS)
_LIST = "list"
# The methods the Python operators call (`a / b` is `a.__truediv__(b)`, or `b.__rtruediv__(a)`).
_OPERATOR_METHODS = {
    "Add": "add", "Subtract": "sub", "Multiply": "mul", "Divide": "truediv", "FloorDivide": "floordiv",
    "Modulo": "mod", "Power": "pow", "MatrixMultiply": "matmul",
}


def number_class(values: List[Value]) -> Optional[str]:
    """The class the probe names Python numbers by: `python_float` when one is a float,
    `python_int` when all are integers; None when one's dtype is not known."""
    dtypes = [value.dtype for value in values]
    if any(dtype is None for dtype in dtypes):
        return None
    return "python_float" if any(dtype is not None and dtype.is_float for dtype in dtypes) else "python_int"


def input_class(value: Value) -> Optional[str]:
    """The class the probe names data of a value's dtype by (`int64`, `float32`, `float64`),
    where the dtype is known for all of it."""
    return INPUT_CLASSES.get(value.dtype) if value.dtype is not None and not value.partial else None


def seen_value(seen: Seen, origin: cst.CSTNode) -> Value:
    """The value of a result the probe saw: an array or scalar, a frame or a series."""
    if seen.kind == "tuple" or (seen.kind == "other" and seen.parts):  # `roc_curve(y, s)`, a list of parts
        parts = tuple(seen_value(part, origin) for part in seen.parts)
        if seen.type == _LIST:  # `a.tolist()`: as long as the data, its elements of one kind
            return Value(Kind.CONTAINER, element=join(parts) if parts else None)
        return Value(Kind.CONTAINER, element=join(parts) if parts else None, parts=parts)
    if seen.items:  # `load_digits()`: its arrays by key
        return replace(mapping([(key, seen_value(item, origin)) for key, item in seen.items]), type=seen.type)
    if seen.kind in _PYTHON_NUMBERS:  # `a.item()`, an element of `a.tolist()`
        return Value(Kind.NUMBER, _PYTHON_NUMBERS[seen.kind], origin=origin)
    dtype, widths = Dtype.named(seen.dtype), seen.of_default_widths
    if seen.kind in OBJECT_KINDS:
        return Value(Kind.OBJECT, dtype, origin=origin, type=OBJECT_KINDS[seen.kind], default_widths=widths)
    made = public_class(seen.type) if seen.kind == "other" and seen.type is not None else None
    if made is not None:  # `vectorizer.fit_transform(texts)`: a sparse matrix of its data's dtype
        return Value(Kind.OBJECT, dtype, origin=origin, type=made)
    kind = SEEN_KINDS.get(seen.kind)
    return Value(kind, dtype, origin=origin, default_widths=widths) if kind is not None else UNKNOWN


def seen_as_written(name: str, call: cst.Call, module: cst.Module) -> Optional[Value]:
    """What a call of keywords alone gave where the probe made it as written
    (`load_iris(return_X_y=True)`: the data and the targets); not known for other
    keywords where the probe saw keywords change what it gives (`load_iris(as_frame=True)`);
    None for other calls."""
    if not call.args or any(arg.keyword is None for arg in call.args) or not keywords_alone_called(name):
        return None
    written = ", ".join(f"{arg.keyword.value}={module.code_for_node(arg.value)}" for arg in call.args if arg.keyword)
    seen = seen_for_call(name, _NO_DATA, f"f({written})")
    return seen_value(seen, call) if seen is not None else UNKNOWN


def seen_with_keywords(name: str, call: cst.Call, module: cst.Module) -> Optional[Value]:
    """What the probe's calls that passed keywords this call passes alike gave, when they
    all gave one thing (`f1_score(y, p, average=None)`: a float64 array per class, where
    `f1_score(y, p)` is a Python float); None otherwise."""
    written = {arg.keyword.value: module.code_for_node(arg.value) for arg in call.args if arg.keyword}
    if not written:
        return None
    found = {
        seen for keywords, seen in seen_by_keywords(name)
        if all(written.get(keyword) == value for keyword, value in keywords.items())
    }
    return seen_value(found.pop(), call) if len(found) == 1 else None


def probed_otherwise(name: str, data: Value, origin: cst.CSTNode) -> Optional[Value]:
    """For a function or method the table says keeps its data's dtype (`np.mean`,
    `a.std()`): the array or scalar the probe saw it give data of this dtype, where that
    dtype is another (`np.mean` of integers is a float64 scalar, `np.cov` of float32 data
    float64, `fft.rfft` of float64 data complex128); None where the probe saw it keep the
    dtype, did not try it, or saw what it gives depend on the call (`a.dot(0)` and
    `a.dot(a)` differ), unless the call is made as the probe's first was, of the data
    alone (`np.abs(z)` of complex data is float64; `np.abs(z, z)` writes into `z`)."""
    data_class = input_class(data)
    seen = seen_by_every_call(name, data_class) if data_class is not None else None
    if seen is None and data_class is not None and _of_data_alone(origin):
        seen = seen_for_call(name, data_class, f"f({_DATA})")
    dtype = Dtype.named(seen.dtype) if seen is not None and seen.kind in SEEN_KINDS else None
    if seen is None or dtype is None or dtype is data.dtype:
        return None
    return seen_value(seen, origin)


def _of_data_alone(call: cst.CSTNode) -> bool:
    """A call given one argument, by place (`np.abs(z)`)."""
    return isinstance(call, cst.Call) and len(call.args) == 1 and not call.args[0].keyword and not call.args[0].star


def of_numbers_one_by_one(name: str, values: Sequence[Value], call: cst.Call) -> Optional[Value]:
    """What a library call given Python numbers alone, one by one by place (or nothing at
    all), gives as probed: what the probe saw as many such numbers give
    (`np.random.normal(0.0, 1.0)` and `rng.random()` are Python floats, `normal(0, 1, 5)` a
    float64 array, `np.power(10000, 0.5)` a float64 scalar); None for a call given
    anything else, a keyword or an unpacked argument among them."""
    if passes_keywords(call) or any(arg.star for arg in call.args):
        return None
    if not all(value.kind is Kind.NUMBER for value in values):
        return None
    numbers = number_class(list(values)) if values else "none"  # `rng.random()`: as the probe called it bare
    seen = seen_given_numbers(name, numbers, len(values)) if numbers is not None else None
    if seen is None and numbers is not None:  # as the first call of such numbers, where none of fewer was kept
        seen = seen_given(name, numbers)
    if seen is None or (seen.dtype is None and seen.kind not in PYTHON_NUMBER_KINDS):
        return None
    return seen_value(seen, call)


def of_known_data(name: str, given: Sequence[Value], call: cst.Call) -> Optional[Value]:
    """What a function NumPy's table makes float64 arrays by gives arrays or NumPy scalars
    of one known dtype, beside Python numbers (weak, NEP 50), as the probe's first call of
    such data gave (the end points of `np.linspace` keep their float32); None where the
    call passes keywords or other arguments, or the probe did not call it so."""
    arrays = arrays_in(list(given))
    if not arrays or passes_keywords(call) or any(not (v.is_array or v.kind is Kind.NUMBER) for v in given):
        return None
    classes = {input_class(array) for array in arrays}
    data_class = classes.pop() if len(classes) == 1 else None
    seen = seen_given(name, data_class) if data_class is not None else None
    value = seen_value(seen, call) if seen is not None else None
    return value if value is not None and value.is_array else None


def labelled_result(name: str, arguments: List[Value], origin: cst.CSTNode) -> Optional[Value]:
    """What a call of arrays of one float dtype and integer labels gives, as the probe saw
    it called so (`train_test_split(X, y)` of float64 data and int64 labels: float64 parts
    for the data, int64 ones for the labels); None for other arguments, or a call the probe
    did not make."""
    classes = [input_class(value) if value.is_array else None for value in arguments]
    data = {cls for value, cls in zip(arguments, classes) if cls is not None and value.dtype is not Dtype.INTEGER}
    if len(arguments) < 2 or None in classes or len(set(classes)) == 1 or len(data) != 1:
        return None
    [data_class] = data
    call = "f({})".format(", ".join(_DATA if cls == data_class else _LABELS for cls in classes))
    seen = seen_for_call(name, data_class, call)
    if seen is None:
        return None
    if not seen.parts:
        return seen_value(seen, origin)
    parts = tuple(seen_value(part, origin) for part in seen.parts)  # by place, even of a list: one per argument's
    return Value(Kind.CONTAINER, element=join(parts), parts=parts)


def operand_class(value: Value) -> Optional[str]:
    """The class of a tensor operator's operand as the probe names it (a NumPy array acts
    as a tensor of its dtype: `t * np.ones(2)` is float64, as torch gives it); None when
    not known (then what every class gave is read)."""
    if value.dtype is None or value.partial:
        return None
    if value.kind in (Kind.TENSOR, Kind.NDARRAY):
        return _TENSOR_CLASSES.get(value.dtype, "")
    if value.kind is Kind.NUMPY_SCALAR:
        named = _TENSOR_CLASSES.get(value.dtype)
        return f"np_{named}_scalar" if named is not None else ""
    if value.kind is Kind.NUMBER:
        return "python_float" if value.dtype.is_float else "python_int"
    return ""


def tensor_arithmetic(left: Value, right: Value, node: cst.BinaryOperation) -> Value:
    """`left <op> right` with a tensor on one side, as the probe saw torch's operators
    give (`t / 2`, `2 * t`, `t * np_float64_scalar`): what they gave for the operands'
    classes, or for every class of the one not known when all of those agree (a float64
    tensor times anything is float64). A result of a dtype one operand has keeps its
    origin."""
    name = _OPERATOR_METHODS[type(node.operator).__name__]
    if left.kind is Kind.TENSOR:
        receiver, operand, method = left, right, f"__{name}__"
    else:
        receiver, operand, method = right, left, f"__r{name}__"
    if operand.kind not in (Kind.UNKNOWN, Kind.TENSOR, Kind.NDARRAY, Kind.NUMPY_SCALAR, Kind.NUMBER):
        return UNKNOWN
    mine, theirs = operand_class(receiver), operand_class(operand)
    if "" in (mine, theirs):  # a dtype the probe did not try (float16, bool)
        return Value(Kind.TENSOR)
    results = {
        seen
        for (receiver_class, operand_class), seen in operator_results(TENSOR_TYPE, method).items()
        if _of_class(receiver_class, mine) and _of_class(operand_class, theirs)
    }
    if len(results) != 1:
        return Value(Kind.TENSOR)
    made = seen_value(results.pop(), node)
    data = [side for side in (receiver, operand) if side.kind is not Kind.NUMBER]  # a Python number is weak
    kept = next((side for side in data if side.dtype is made.dtype and side.origin), None)
    if kept is None:
        return made
    return replace(made, origin=kept.origin, sources=sources_of(made.dtype, data))


def _of_class(probed: str, known: Optional[str]) -> bool:
    """Is a class the probe tried the one known, or, where none is, one of those real code
    most hands an operator (not 8-bit or complex data: a float64 tensor times any of the
    others is float64)?"""
    return probed == known if known is not None else probed not in MORE_ARRAY_CLASSES


def object_arithmetic(left: Value, right: Value, node: cst.BinaryOperation) -> Optional[Value]:
    """`left <op> right` with a library object on one side whose class has the operator
    probed (SciPy's sparse matrices: `adj + sp.eye(n)`, `d @ adj @ d`, `adj / 2`): what
    the probe saw it give for the classes of the receiver's data and of the operand, an
    object of another class read as one of the receiver's class of its data (a
    `dia_matrix` times a `coo_matrix`). None where neither side's class has it probed for
    these classes (a float64 NumPy array: NumPy's promotion says float64 wins)."""
    name = _OPERATOR_METHODS[type(node.operator).__name__]
    sides = ((left, right, f"__{name}__"), (right, left, f"__r{name}__"))
    probed = [(receiver, operand, method) for receiver, operand, method in sides
              if receiver.kind is Kind.OBJECT and receiver.type and operator_results(receiver.type, method)]
    if not probed:
        return None
    receiver, operand, method = probed[0]
    assert receiver.type is not None
    mine, theirs = input_class(receiver), _operand_class(operand)
    seen = operator_results(receiver.type, method).get((mine, theirs)) if mine and theirs else None
    return seen_value(seen, node) if seen is not None else None


def of_an_object(name: str, given: Value, origin: cst.CSTNode) -> Optional[Value]:
    """What a library function handed a library object first gave, as probed for an object
    of its data's class (`eigsh(laplacian, k=2)` of a sparse matrix of float64 data); None
    for another first argument, or one the probe did not hand it."""
    named = _operand_class(given) if given.kind is Kind.OBJECT else None
    seen = seen_given(name, named) if named is not None else None
    return seen_value(seen, origin) if seen is not None else None


def _operand_class(value: Value) -> Optional[str]:
    """How the probe names the class of an operand of a library object's operator: an
    object by its data's (`object_float64`), an array by its dtype, NumPy's scalars and
    Python's numbers by kind."""
    data = input_class(value)
    if data is None:
        return None
    if value.kind is Kind.OBJECT:
        return f"{OBJECT_OPERAND}{data}"
    if value.kind is Kind.NDARRAY:
        return data
    if value.kind is Kind.NUMPY_SCALAR:
        return f"np_{data}_scalar"
    return operand_class(value) if value.kind is Kind.NUMBER else None  # as a tensor's operators name it


def frame_arithmetic(left: Value, right: Value, divides: bool, node: cst.BinaryOperation) -> Value:
    """Arithmetic of pandas' frames and series, with each other, arrays or numbers: their
    columns promote as NumPy's arrays do, giving a frame (with a frame among them, else a
    series) of that dtype."""
    sides = [replace(side, kind=Kind.NDARRAY, type=None) if is_frame(side) else side for side in (left, right)]
    types = [side.type for side in (left, right) if is_frame(side)]
    frame = OBJECT_KINDS["dataframe"]
    result = arithmetic(sides[0], sides[1], divides, node)
    made = frame if frame in types else types[0]
    if not result.is_array:
        return Value(Kind.OBJECT, origin=node, type=made)
    return replace(result, kind=Kind.OBJECT, type=made)


def data_class(values: List[Value]) -> Optional[Tuple[str, Optional[Value]]]:
    """The class (as the probe names it) of the data handed to a function that makes
    tensors, with the value that has it: the widest tensor among them (or in a list or
    tuple of them), else a NumPy array or scalar, else Python numbers; None when one is
    not known."""
    members = [member for value in values for member in members_of(value)]
    if not members or any(member.kind is Kind.UNKNOWN for member in members):
        return None
    for kinds in ((Kind.TENSOR,), (Kind.NDARRAY, Kind.NUMPY_SCALAR)):
        chosen = [member for member in members if member.kind in kinds]
        if chosen:
            widest = join(chosen)
            named = operand_class(widest)
            if not named:
                return None
            return (named if widest.kind is not Kind.NDARRAY else f"ndarray_{named}"), widest
    if any(member.kind is not Kind.NUMBER for member in members):
        return None
    python = number_class(members)
    return (python, None) if python is not None else None


def made_of(call: cst.Call, name: str, values: List[Value]) -> Value:
    """The tensor a function that makes tensors gives for these arguments, as probed."""
    data = data_class(values)
    found = seen_given(name, data[0]) if data is not None else None
    if found is None or data is None:
        return UNKNOWN
    made = seen_value(found, call)
    source = data[1]
    if source is None or not source.origin:
        return made
    if source.kind is made.kind and source.dtype is made.dtype:
        return kept_from(made, source)
    if source.dtype is Dtype.FLOAT64 and made.dtype is Dtype.COMPLEX128:
        # complex of float64 parts (`torch.polar(torch.ones_like(freqs), freqs)`): what made
        # those parts float64 made it complex128
        return replace(made, sources=(call, *source.makers))
    return made


def widest_tensor(call: cst.Call, values: List[Value]) -> Value:
    """A tensor of the dtype of the widest tensor among what a call is handed (in lists and
    tuples too): float64 if one is, whatever the others; a narrower one only when all are
    known. What only a tensor one may be gives (or a narrower one, with one not known on
    some path), the result may be."""
    members = [member for value in values for member in members_of(value)]
    possible = [as_possible(member) for member in members]
    tensors = [member for member in possible if member.kind is Kind.TENSOR]
    widest = join(tensors) if tensors else UNKNOWN
    if widest.dtype is None or (widest.dtype < Dtype.FLOAT64 and partly_unknown(possible)):
        return UNKNOWN
    made = Value(Kind.TENSOR, widest.dtype, origin=widest.origin or call, sources=widest.sources)
    shown = any(member.kind is Kind.TENSOR and member.dtype is widest.dtype for member in members)
    known = widest.dtype >= Dtype.FLOAT64 or not partly_unknown(members)
    return made if shown and known else may_be(made)


def by_hand(owner: Value, name: str, call: Optional[cst.Call], origin: cst.BaseExpression) -> Value:
    """A member of a library object probing does not reach, from the library table's hand
    entries: a float64 array (`extractor.mel_filters`), or a tuple with float64 arrays at
    known places (what a vector environment's `step` gives)."""
    assert owner.type is not None
    gives = member(owner.type, name)
    if gives is Returns.FLOAT64:
        return Value(Kind.NDARRAY, Dtype.FLOAT64, origin=origin)
    if gives is Returns.SAME_OBJECT:  # `image.resize(size)`: an image of the same data
        modes = SAME_DATA_IN_MODES.get(f"{owner.type}.{name}")
        mode = call.args[0].value if call is not None and call.args else None
        if modes is None or mode is None:
            return replace(owner, origin=origin)
        if isinstance(mode, cst.SimpleString) and mode.evaluated_value in modes:  # `convert("RGB")`: 8 bits
            return replace(owner, dtype=Dtype.named(OBJECT_DATA_DTYPES.get(owner.type)), origin=origin)
        return Value(Kind.OBJECT, origin=origin, type=owner.type)
    places = float64_parts(owner.type, name)
    if not places or call is None:
        return UNKNOWN
    wide = Value(Kind.NDARRAY, Dtype.FLOAT64, origin=origin)
    return Value(Kind.CONTAINER, parts=tuple(wide if place in places else UNKNOWN for place in range(max(places) + 1)))
