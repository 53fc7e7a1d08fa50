"""What library functions were seen to return, by the class of their input: the table
`bench/probe_library_dtypes.py` wrote by calling them (library_dtypes.json, read once, on
first use).

An input class names the array a call was given (`int64`, `float32`, `float64`, and
`uint8` and `complex128`, which say nothing of what it gives whatever its input), Python
numbers or lists of them (`python_float`, `python_int`), or no array at all (`none`:
`np.zeros(3)`). A function is `input_independent` when every one of those classes it was
called with gave the same kind of result of one dtype (`np.zeros`, `np.hanning`,
`np.interp`: float64 arrays; `DataFrame.astype(float)`: a float64 frame).
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from typing import Any, Dict, FrozenSet, List, Optional, Tuple

from f64lint.analysis.domain.library import ARRAY_TYPE, TENSOR_TYPE

# The classes that describe a call's arguments as written (the table has more, for
# receivers and operands, which these readers do not use).
CORE_CLASSES = ("none", "int64", "float32", "float64", "python_float", "python_int")
# Arrays of the dtypes the probe called with besides, read for data of those dtypes but not
# for what a function gives whatever its input: 8-bit pixels (`np.percentile(image, 99)` is
# float64) and complex data (`np.conj(spectrum)`), which most functions are not handed.
MORE_ARRAY_CLASSES = ("uint8", "complex128")
# The classes (and kinds of results) of Python's numbers.
_PYTHON_NUMBER_CLASSES = ("python_int", "python_float")
# The classes of NumPy data handed to torch (`torch.from_numpy(a)`, `torch.tensor(s)`): in a
# torch entry, `float64` is a tensor's class and these are NumPy's.
NUMPY_TO_TORCH_CLASSES = (
    "ndarray_int64", "ndarray_float32", "ndarray_float64", "np_float32_scalar", "np_float64_scalar",
)


@dataclass(frozen=True)
class Seen:
    kind: str  # "ndarray", "numpy_scalar", "python_float", "tensor", "tuple", ...
    dtype: Optional[str]  # "float64", "int64", ...; None for Python numbers and others
    parts: Tuple["Seen", ...] = ()  # a tuple's, by place
    of_default_widths: bool = False  # int64 or float64, which not known
    type: Optional[str] = None  # of another library object (`pandas.api.typing.Rolling`)
    # A namespace of results, each by its key (scikit-learn's Bunch: `load_digits()`).
    items: Tuple[Tuple[str, "Seen"], ...] = ()


# The library classes of the results the table names by kind.
OBJECT_KINDS = {"dataframe": "pandas.DataFrame", "series": "pandas.Series"}
FRAME_TYPES = frozenset(OBJECT_KINDS.values())
# An operand class of a library object's operators: an object of the receiver's class, of
# that input class's data (`object_float64`: `d @ a` of two float64 sparse matrices).
OBJECT_OPERAND = "object_"
# The classes of a library object handed to a function, or an operand of its operators, by
# the data it holds: what sparse matrices hold in practice (`eigsh(laplacian, k=2)`; complex
# and 8-bit ones are left out, which would add a third to the table's size).
OBJECT_DATA = ("int64", "float32", "float64")
OBJECT_CLASSES = tuple(f"{OBJECT_OPERAND}{data}" for data in OBJECT_DATA)


def _seen(result: Dict[str, Any]) -> Seen:
    parts = tuple(_seen(part) for part in result.get("parts", ()))
    items = tuple((key, _seen(item)) for key, item in sorted(result.get("items", {}).items()))
    return Seen(
        result["kind"], result["dtype"], parts, type=result.get("type") if result["kind"] == "other" else None,
        items=items,
    )


@lru_cache(maxsize=1)
def _table() -> Dict[str, Any]:
    text = resources.files(__package__).joinpath("library_dtypes.json").read_text(encoding="utf-8")
    table: Dict[str, Any] = json.loads(text)
    return table


def _entry(name: str) -> Optional[Dict[str, Any]]:
    table = _table()
    found: Optional[Dict[str, Any]] = table["entries"].get(table["aliases"].get(name, name))
    return found


def _result(name: str, input_class: str) -> Optional[Dict[str, Any]]:
    entry = _entry(name)
    known = input_class in (*CORE_CLASSES, *MORE_ARRAY_CLASSES, *NUMPY_TO_TORCH_CLASSES, *OBJECT_CLASSES)
    return entry.get(input_class) if entry is not None and known else None


def _every_call(name: str, input_class: str) -> List[Dict[str, Any]]:
    """What each call the probe kept of `name` gave for an input of this class: the first
    that succeeded, then those that gave something else ("also")."""
    result = _result(name, input_class)
    return [result, *result.get("also", ())] if result is not None else []


def probed_libraries() -> FrozenSet[str]:
    """The libraries the table was probed from (`numpy`, `torch`, ...)."""
    return frozenset(_table()["versions"]) - {"python"}


@lru_cache(maxsize=1)
def python_float_modules() -> FrozenSet[str]:
    """The modules of Python's own whose functions the probe saw give Python floats
    (`math`, `statistics`): NumPy makes float64 arrays of what they give."""
    libraries = probed_libraries() | {"builtins"}
    return frozenset(
        name.split(".", 1)[0]
        for name, entry in _table()["entries"].items()
        if name.split(".", 1)[0] not in libraries and any(r["kind"] == "python_float" for r in entry.values())
    )


def was_probed(name: str) -> bool:
    """Was `name` called by the probe (what it gave is in the table, for some inputs)?"""
    return _entry(name) is not None


@lru_cache(maxsize=1)
def _unreached() -> FrozenSet[str]:
    return frozenset(name for names in _table()["unreached"].values() for name in names)


def is_probed_member(name: str) -> bool:
    """Is `name` (`pandas.DataFrame.mean`) a member the probe found: called, or listed
    as one it could not call (`pandas.DataFrame.pivot`)?"""
    return was_probed(name) or name in _unreached()


def seen_given(name: str, input_class: str) -> Optional[Seen]:
    """What `name` gave for an input of this class, if it was called with one."""
    result = _result(name, input_class)
    return _seen(result) if result is not None else None


def seen_as_called(name: str, input_class: str, count: int, arrays: bool) -> Optional[Seen]:
    """What `name` gave for an input of this class, called with `count` arguments by place:
    as the probe's call of as many arrays of it where these are all arrays and it kept one
    (`np.where(c, a, b)` is `f(x, x, x)`, an array of a's and b's dtype), else as its first
    call; None where that first call gave a tuple and passed another number of arguments
    (`np.where(c)`, `f(x)`, gives a tuple of index arrays; `np.where(c, a, 0.5)` an array)."""
    calls = _every_call(name, input_class)
    if not calls:
        return None
    template = "f({})".format(", ".join(["x"] * count))
    matched = next((result for result in calls if result["call"] == template), None) if arrays else None
    if matched is not None:
        return _seen(matched)
    first = calls[0]
    return None if first["kind"] == "tuple" and _arity(first["call"]) != count else _seen(first)


@lru_cache(maxsize=None)
def _arity(template: str) -> int:
    """How many arguments a call template passes by place (`f(x, (2, 3))`: two)."""
    call = ast.parse(template, mode="eval").body
    return len(call.args) if isinstance(call, ast.Call) else 0


def array_seen_given(name: str, input_class: str) -> Optional[Seen]:
    """An array `name` gave for an input of this class, by any call the probe made
    (`Generator.normal(3)` is a Python float, `normal(0, 1, 5)` a float64 array)."""
    return next((_seen(r) for r in _every_call(name, input_class) if r["kind"] == "ndarray"), None)


# A template of numbers alone, of the class or written out (`f()`, `f(s, s)`, `f(0, 1, 5)`).
_NUMBERS_ALONE = re.compile(r"f\((?:(?:s|[\d.]+)(?:, )?)*\)")
_INTEGERS_WRITTEN = re.compile(r"f\((?:\d+(?:, )?)+\)")


def numbers_alone(template: str) -> Optional[int]:
    """How many numbers a call template gives one by one, where it gives nothing else
    (`f()`: none, `f(0, 1, 5)`: three); None for another. The probe keeps calls of numbers
    by it (bench/probe_library_dtypes.py), and `seen_given_numbers` reads them by it."""
    if not _NUMBERS_ALONE.fullmatch(template):
        return None
    inside = template[2:-1]
    return inside.count(",") + 1 if inside else 0


def seen_given_numbers(name: str, input_class: str, count: int) -> Optional[Seen]:
    """What `name` gave for `count` Python numbers of this class given one by one, not in a
    list (`none`: no number at all): what the probe saw as many give, else the call of the
    most fewer numbers it kept (it keeps a call of numbers only where it gives other than
    that one: `np.random.normal(0.0, 1.0)` is a Python float as `normal(0.5)` is,
    `normal(0.5, 0.5, 5)` an array); None where it kept no call of as many or fewer."""
    calls = [(given, r) for r in _every_call(name, input_class) if (given := numbers_alone(r["call"])) is not None]
    if input_class == "python_int":  # the calls of integers written out are of Python ints too: `f(0, 1, 5)`
        written = [r for r in _every_call(name, "none") if _INTEGERS_WRITTEN.fullmatch(r["call"])]
        calls += [(given, r) for r in written if (given := numbers_alone(r["call"])) is not None]
    most = max((given for given, _ in calls if given <= count), default=None)
    chosen = next((r for given, r in calls if given == most), None)
    return _seen(chosen) if chosen is not None else None


def seen_of_any_number(name: str) -> Optional[Seen]:
    """What `name` gave for Python numbers whether ints or floats, where both gave the same
    (`np.mean` of a list of them: a float64 scalar); None where they differ."""
    found = {seen_given(name, cls) for cls in _PYTHON_NUMBER_CLASSES}
    return found.pop() if len(found) == 1 else None


def gives_python_numbers(name: str) -> bool:
    """Did every call of `name` the probe made give a Python number (`Tensor.item()`: an int
    of integer data, a float of float data)?"""
    entry = _entry(name)
    kinds = {entry[cls]["kind"] for cls in CORE_CLASSES if cls in entry} if entry is not None else set()
    return bool(kinds) and kinds <= set(_PYTHON_NUMBER_CLASSES)


def seen_by_every_call(name: str, input_class: str) -> Optional[Seen]:
    """What `name` gave for an input of this class when every call the probe made of it
    gave the same (`np.mean(x)` of int64 data: a float64 scalar); None when calls differ
    (`a.dot(0)` and `a.dot(a)` of float32 data), or it was not called with one."""
    seen = {_seen(r) for r in _every_call(name, input_class)}
    return seen.pop() if len(seen) == 1 else None


def seen_for_call(name: str, input_class: str, call: str) -> Optional[Seen]:
    """What `name` gave for an input of this class called as this template
    (`f(x, labels)`: the data, then integer labels), if the probe kept it."""
    return next((_seen(r) for r in _every_call(name, input_class) if r["call"] == call), None)


@lru_cache(maxsize=None)
def seen_by_keywords(name: str) -> Tuple[Tuple[Dict[str, str], Seen], ...]:
    """The keywords each call the probe kept of `name` passed, as written (`average=None`
    of `f(labels, labels, average=None)`), and what it gave, for every input class (read
    once a name: every call of it that passes keywords asks)."""
    found = []
    for input_class in CORE_CLASSES:
        for result in _every_call(name, input_class):
            keywords = dict(_KEYWORD.findall(result["call"]))
            if keywords:
                found.append((keywords, _seen(result)))
    return tuple(found)


_KEYWORD = re.compile(r"(\w+)=([^,()]+)")


def keywords_alone_called(name: str) -> bool:
    """Did the probe keep a call of `name` given keywords alone, for what it gave
    (`load_iris(return_X_y=True)`: the data and targets, not the Bunch `load_iris()` is)?"""
    return any("=" in result["call"].split(",")[0] for result in _every_call(name, "none"))


def seen_given_default_widths(name: str) -> Optional[Seen]:
    """What `name` gives data of NumPy's default widths whose dtype is not known (a frame
    read from a CSV file): what it gave for int64 and float64 data, and for a frame of
    both, when all agree; else, when each gave its own width or (the frame of both) one of
    mixed columns, a result of that kind of no dtype (`Seen.of_default_widths`); else None."""
    entry = _entry(name)
    results = [(cls, entry.get(cls)) for cls in DEFAULT_WIDTH_CLASSES] if entry is not None else []
    seen = [(cls, _seen(result)) for cls, result in results if result is not None]
    if len(seen) < 2 or len({found.kind for _, found in seen}) != 1:
        return None
    if len({found for _, found in seen}) == 1:
        return seen[0][1]
    widths = all(found.dtype in _WIDTHS or (found.dtype is None and cls == MIXED_WIDTHS) for cls, found in seen)
    return replace(seen[0][1], dtype=None, of_default_widths=True) if widths else None


# NumPy's default widths (of Python's integers and floats), and a frame of columns of both,
# as the probe names the class of its receiver.
_WIDTHS = frozenset({"int64", "float64"})
MIXED_WIDTHS = "mixed_float64_int64"
DEFAULT_WIDTH_CLASSES = ("int64", "float64", MIXED_WIDTHS)


def input_independent(name: str) -> Optional[Seen]:
    """What `name` gives whatever its input, when every class it was called with gave the
    same kind of result (an array, a frame, ...) of one dtype."""
    entry = _entry(name)
    if entry is None:
        return None
    results = {_seen(entry[cls]) for cls in CORE_CLASSES if cls in entry}
    if len(results) != 1:
        return None
    found = results.pop()
    parts = (*found.parts, *(item for _, item in found.items))
    return found if found.dtype is not None or any(part.dtype is not None for part in parts) else None


@lru_cache(maxsize=None)
def of_an_object_made_bare(name: str) -> Optional[Seen]:
    """What a member gave where the probe called it only on objects made with no
    arguments, of no input class (a text vectoriser fitted on documents: its matrix and
    `idf_`): what it gives of an object made so, of the dtype the class makes by default."""
    entry = _entry(name)
    return _seen(entry["none"]) if entry is not None and set(entry) == {"none"} else None


@lru_cache(maxsize=None)
def operator_results(receiver_type: str, method: str) -> Dict[Tuple[str, str], Seen]:
    """What a Python operator gave, by the method it calls on the receiver
    (`torch.Tensor.__rtruediv__` for `2 / t`): by the class of the receiver and of the
    operand (`float64_0d_tensor` and NumPy's scalars among the operands)."""
    entry = _entry(f"{receiver_type}.{method}") or {}
    return {
        (receiver, operand): _seen(result)
        for receiver, seen in entry.items()
        for operand, result in seen.get("operands", {}).items()
    }


@lru_cache(maxsize=None)
def keeps_float_dtype(name: str) -> bool:
    """Did `name` give a tensor of its input's dtype for float32 and float64 tensors alike
    (`torch.Tensor.tanh`, `torch.cumsum`)? As probed with the receiver (or input) as its
    own other argument, where it takes one."""
    entry = _entry(name) or {}
    return all(
        entry.get(dtype, {}).get("kind") == "tensor" and entry[dtype].get("dtype") == dtype
        for dtype in ("float32", "float64")
    )


@lru_cache(maxsize=None)
def gives_parts_of_its_dtype(name: str) -> bool:
    """Did `name` give a tuple of tensors whose floating ones are of its input's dtype, for
    float32 and float64 tensors alike (`torch.linalg.lstsq`'s solution, residuals and
    singular values beside an integer rank; `torch.linalg.qr`)?"""
    entry = _entry(name) or {}
    for dtype in ("float32", "float64"):
        seen = entry.get(dtype, {})
        parts = seen.get("parts") or []
        if seen.get("kind") != "tuple" or not parts or any(part.get("kind") != "tensor" for part in parts):
            return False
        floats = [part for part in parts if str(part.get("dtype")).startswith(("float", "bfloat", "complex"))]
        if not floats or any(part.get("dtype") != dtype for part in floats):
            return False
    return True


@lru_cache(maxsize=1)
def _made_on_default_device() -> FrozenSet[str]:
    return frozenset(_table()["default_device"])


def makes_on_default_device(name: str) -> bool:
    """Does torch's `name`, given no device, make its tensor on the default device
    (`torch.set_default_device(...)`, `with torch.device(...):`), as probed: `torch.tensor`,
    `torch.zeros`, `default_collate`; not `torch.from_numpy`, on the CPU whatever it is."""
    return _table()["aliases"].get(name, name) in _made_on_default_device()


def makes_tensors(name: str) -> bool:
    """Did `name` give a tensor for some input it was probed with?"""
    entry = _entry(name)
    return entry is not None and any(result.get("kind") == "tensor" for result in entry.values())


@lru_cache(maxsize=None)
def object_made_by(name: str) -> Optional[str]:
    """The probed class whose object `name` gives whatever its input
    (`np.random.default_rng(seed)`: a `numpy.random.Generator`), if there is one."""
    entry = _entry(name)
    results = [entry[cls] for cls in CORE_CLASSES if cls in entry] if entry is not None else []
    types = {result.get("type") for result in results}
    if not results or any(result["kind"] != "other" for result in results) or len(types) != 1:
        return None
    runtime = types.pop()
    return public_class(runtime) if runtime else None


def public_class(runtime: str) -> Optional[str]:
    """The probed class a runtime type is, by its own name in the same library
    (`numpy.random._generator.Generator` is `numpy.random.Generator`), when one has it."""
    if runtime in _members():
        return runtime
    library, own = runtime.split(".")[0], runtime.rpartition(".")[2]
    named = [name for name in _members() if name.split(".")[0] == library and name.rpartition(".")[2] == own]
    return named[0] if len(named) == 1 else None


def kind_whatever_given(name: str) -> Optional[str]:
    """The one kind every result of `name` had, whatever its dtype (`DataFrame.__getitem__`:
    a frame of the frame's dtype)."""
    entry = _entry(name)
    kinds = {entry[cls]["kind"] for cls in CORE_CLASSES if cls in entry} if entry is not None else set()
    return kinds.pop() if len(kinds) == 1 else None


def dtype_whatever_given(name: str) -> Optional[str]:
    """The one dtype every result of `name` had, arrays and scalars alike (`np.float32`)."""
    entry = _entry(name)
    dtypes = {entry[cls]["dtype"] for cls in CORE_CLASSES if cls in entry} if entry is not None else set()
    return dtypes.pop() if len(dtypes) == 1 else None


@lru_cache(maxsize=1)
def _members() -> Dict[str, Dict[str, Dict[str, Any]]]:
    """The probed classes (named in capitals as classes are, not modules: `sklearn.
    decomposition.PCA`, `pandas.core.indexing._iLocIndexer`; or in lower case, making
    objects of their name: `scipy.sparse.csr_matrix`): by class, its members' entries by
    name."""
    entries = _table()["entries"]
    found: Dict[str, Dict[str, Dict[str, Any]]] = {}
    for name, entry in entries.items():
        owner, _, member = name.rpartition(".")
        own = owner.rpartition(".")[2]
        if own.lower() != own or _makes_its_own(owner, entries.get(owner)):
            found.setdefault(owner, {})[member] = entry
    return found


def holds_data(type_name: str) -> bool:
    """Do objects of this probed class hold data of a dtype (`csr_matrix(m)`: of `m`'s), so
    that what their members give depends on it?"""
    entry = _entry(type_name)
    return entry is not None and any(result.get("dtype") is not None for result in entry.values())


def _makes_its_own(name: str, entry: Optional[Dict[str, Any]]) -> bool:
    """Does calling `name` give objects of a class of its own name (`csr_matrix(m)`)?"""
    own = name.rpartition(".")[2]
    return entry is not None and any(str(result.get("type", "")).rpartition(".")[2] == own for result in entry.values())


@lru_cache(maxsize=1)
def _keyed_by_attribute() -> FrozenSet[str]:
    """The types of the namespaces of results whose keys the probe saw read as attributes
    too (`load_digits().data`)."""
    return frozenset(
        result["type"]
        for entry in _table()["entries"].values()
        for by_class in entry.values()
        for result in (by_class, *by_class.get("also", ()))
        if result.get("attributes")
    )


def keys_are_attributes(type_name: str) -> bool:
    """Does a namespace of results of this type give its values as attributes too?"""
    return type_name in _keyed_by_attribute()


def is_type(name: str) -> bool:
    return name in _members()


def object_given(name: str) -> Optional[str]:
    """The probed class of the library object a member gives whatever its data, if one:
    an object holding that data (`pandas.DataFrame.rolling` gives a `Rolling` window of
    the frame's, whose `mean()` the table knows)."""
    types = {_seen(result).type for result in (_entry(name) or {}).values()}
    found = types.pop() if len(types) == 1 else None
    return public_class(found) if found is not None else None


def frame_reader(name: str) -> bool:
    """Does `name` read a file into a frame (`pandas.read_csv`), as probed on a file?"""
    return _frame_read(name) is not None


def reads_default_widths(name: str) -> bool:
    """Does a frame reader give a file's numbers at NumPy's default widths, whatever they
    were written with: every column the probe wrote (a float32 one among them) read back
    int64 or float64 (text: `read_csv`, `read_json`; not `read_pickle`, `read_parquet`)?"""
    columns = (_frame_read(name) or {}).get("dtypes", {})
    return bool(columns) and set(columns.values()) <= _WIDTHS


def _frame_read(name: str) -> Optional[Dict[str, Any]]:
    """The frame the probe saw a reader give of the file it wrote, if it gave one."""
    read: Optional[Dict[str, Any]] = _table()["chains"].get(f"{name}(path)")
    return read if read is not None and read["kind"] == "dataframe" else None


def _float64_members(owner: str) -> FrozenSet[str]:
    """The names of the members of a probed class that gave float64 for some input, other
    than tensors (NumPy arrays and scalars, frames)."""
    def gave_float64(entry: Dict[str, Any]) -> bool:
        results = (entry[cls] for cls in CORE_CLASSES if cls in entry)
        return any(result["dtype"] == "float64" and result["kind"] != "tensor" for result in results)

    return frozenset(member for member, entry in _members()[owner].items() if gave_float64(entry))


def _functions_of(library: str) -> List[Tuple[str, Dict[str, Any]]]:
    """The entries of the functions of a library and its modules (`numpy.zeros`,
    `numpy.fft.rfftfreq`), not of the methods of its types (NumPy's array type is not
    capitalised as a class's)."""
    return _functions_by_library().get(library, [])


@lru_cache(maxsize=1)
def _functions_by_library() -> Dict[str, List[Tuple[str, Dict[str, Any]]]]:
    """`_functions_of` every library, read in one pass over the table (each library's
    views ask for theirs when a run first narrows a module)."""
    found: Dict[str, List[Tuple[str, Dict[str, Any]]]] = {}
    for name, entry in _table()["entries"].items():
        owner = name.rpartition(".")[0]
        if owner and not is_type(owner) and owner != ARRAY_TYPE:
            found.setdefault(name.partition(".")[0], []).append((name, entry))
    return found


def _holds_array(seen: Optional[Seen], dtype: str) -> bool:
    """Is it an array of `dtype`, or a tuple or list with one (`leggauss(n)`: nodes and
    weights), or a namespace with one (`load_digits()`)?"""
    if seen is None:
        return False
    held = (seen, *seen.parts, *(item for _, item in seen.items))
    return any(part.kind == "ndarray" and part.dtype == dtype for part in held)


@lru_cache(maxsize=None)
def members_of(owner: str) -> FrozenSet[str]:
    """The names of the public members of a type, as the probe listed them (`shape`,
    `device`, `double` of `torch.Tensor`)."""
    return frozenset(_table()["members"].get(owner, ()))


def constant_kind(name: str) -> Optional[str]:
    """The kind of Python number a library names (`math.pi`, `np.inf`: `python_float`), as
    the probe found it."""
    found: Optional[str] = _table()["constants"].get(name)
    return found


def makers_whatever_given(dtype: str, library: str) -> FrozenSet[str]:
    """The functions of a library that give an array of `dtype`, or a tuple with one,
    whatever their input."""
    return frozenset(name for name, _ in _functions_of(library) if _holds_array(input_independent(name), dtype))


def keep_float64(library: str) -> FrozenSet[str]:
    """The functions of a library that give a float64 array (or a tuple or list with one)
    of float64 input (`train_test_split(X, y)`, `gaussian_filter(x, 2)`)."""
    return frozenset(
        name for name, entry in _functions_of(library)
        if "float64" in entry and _holds_array(_seen(entry["float64"]), "float64")
    )


def float64_members_by_maker() -> Dict[str, FrozenSet[str]]:
    """By the last part of the name of a call that makes a probed object (`PCA`,
    `StandardScaler`, `DataFrame`, `read_csv`), the members of it that gave float64; and of
    a function whose namespace of results reads its keys as attributes, the keys that held
    float64 data whatever it was given (`x` and `fun` of `minimize_scalar(...)`). Not the
    tensor type's: `torch.Tensor(...)` makes a tensor of the default dtype, and a tensor's
    `.numpy()` gave float64 only of a float64 tensor (`Tensor`, named in most annotations,
    made every `.numpy()` a maker for narrowing, this table's reader)."""
    found: Dict[str, FrozenSet[str]] = {}
    for name in _table()["entries"]:
        results = input_independent(name)
        if results is None or results.type is None or not keys_are_attributes(results.type):
            continue
        held = frozenset(
            key for key, item in results.items if item.dtype == "float64" and item.kind in ("ndarray", "numpy_scalar")
        )
        if held:
            last = name.rpartition(".")[2]
            found[last] = found.get(last, frozenset()) | held
    frame = _float64_members("pandas.DataFrame")
    for owner in _members():
        if owner == TENSOR_TYPE:
            continue
        members = _float64_members(owner)
        if members:
            found[owner.rpartition(".")[2]] = members
    for chain in _table()["chains"]:
        reader = chain[: -len("(path)")] if chain.endswith("(path)") else ""
        if reader and frame_reader(reader):
            found[reader.rpartition(".")[2]] = frame
    return found


def tensor_type_dtype(spelling: str) -> Optional[str]:
    """The dtype `t.type(...)` gave the probe for this spelling of a tensor type
    (`torch.DoubleTensor`, or the string `"str:torch.DoubleTensor"`: float64), if one."""
    results = _table()["dtype_spellings"].get(spelling)
    found = results.get("torch.Tensor.type()") if isinstance(results, dict) else None
    return found if isinstance(found, str) and found != "error" else None


@lru_cache(maxsize=1)
def numpy_dtype_strings() -> Dict[str, str]:
    """Each dtype string the probe tried and the dtype NumPy reads it as (`"d"`: float64,
    `"float"`: float64, `"f"`: float32); strings NumPy refuses (`"torch.float64"`) are left
    out."""
    found = {}
    for spelling, results in _table()["dtype_spellings"].items():
        if spelling.startswith("str:") and results.get("numpy.dtype") not in (None, "error"):
            found[spelling[len("str:") :]] = results["numpy.dtype"]
    return found
