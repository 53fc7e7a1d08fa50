"""The values the evaluator gives: a kind, a dtype on a lattice, a place, and an origin.

Dtypes are ordered by what they promote to (`BOOL < SMALL_INTEGER < INTEGER < FLOAT16 <
FLOAT32 < FLOAT64`, `COMPLEX64 < COMPLEX128`); a join is the wider of two, so a name that may
hold a float32 or a float64 array may hold float64. Promotion follows NumPy 2 (NEP 50) and
torch: a Python number is weak, taking the other operand's dtype when that is an array of its
category or wider; an integer array meeting a Python float, or divided, becomes NumPy's
default float (float64) or torch's (the default dtype, float32 unless set). NumPy promotes
across categories by width: 32- and 64-bit integers (`np.arange(n)`) with a float16 or
float32 array or NumPy scalar give float64, 8- and 16-bit ones (an image's pixels) the
float's dtype, as float32 holds them; torch promotes by category alone.

Where the paths that reach a value disagree on its kind, or one of them is not known (a
parameter), the value keeps the widest array or tensor a path gives as what it may be
(`may_be`): arithmetic, indexing, methods and what NumPy and torch make of it carry that, so
that a float64 array or tensor on one path is a float64 source, as a crash on that path is
a crash.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields, replace
from typing import Iterable, List, Optional, Tuple

from f64lint.cst import cst


class Kind(enum.Enum):
    TENSOR = "tensor"
    NDARRAY = "NumPy array"
    NUMPY_SCALAR = "NumPy scalar"
    NUMBER = "Python number"
    CONTAINER = "list or tuple"
    MAPPING = "dict"  # `element`: any of its values (its keys are not read)
    DTYPE = "dtype"
    DEVICE = "device"
    STRING = "string"  # `type`: its text (not a device's name: that is a device)
    OBJECT = "library object"  # of the class in `type`: a fitted estimator, a data frame
    INSTANCE = "object of a class of the module"  # `type`: the class's qualified name in it
    CALLABLE = "function"  # `callee`: what calling it runs
    NONE = "None"  # holds no data: a path that gives it adds nothing to a join
    UNKNOWN = "unknown"


class Dtype(enum.IntEnum):
    BOOL = 0
    SMALL_INTEGER = 1  # 8 and 16 bits
    INTEGER = 2  # 32 and 64 bits
    FLOAT16 = 3
    FLOAT32 = 4
    FLOAT64 = 5
    COMPLEX64 = 6
    COMPLEX128 = 7

    @property
    def is_float(self) -> bool:
        return self in (Dtype.FLOAT16, Dtype.FLOAT32, Dtype.FLOAT64)

    @staticmethod
    def named(name: Optional[str]) -> Optional["Dtype"]:
        """The dtype NumPy or torch names so (`"float64"`, `"int32"`, `"uint8"`), if one."""
        if name is None:
            return None
        if name.startswith(("int", "uint")):
            return Dtype.SMALL_INTEGER if name.endswith(("int8", "int16")) else Dtype.INTEGER
        return _BY_NAME.get(name)

    @property
    def numpy_name(self) -> str:
        """A name NumPy gives a dtype of this class (`Dtype.named` reads it back)."""
        return _NAMES[self]


_BY_NAME = {
    "bool": Dtype.BOOL, "float16": Dtype.FLOAT16, "bfloat16": Dtype.FLOAT16, "float32": Dtype.FLOAT32,
    "float64": Dtype.FLOAT64, "complex64": Dtype.COMPLEX64, "complex128": Dtype.COMPLEX128,
}
_NAMES = {
    **{dtype: name for name, dtype in _BY_NAME.items() if name != "bfloat16"},
    Dtype.SMALL_INTEGER: "int16", Dtype.INTEGER: "int64",
}


class Place(enum.IntEnum):
    """Where a tensor is, or which device a device value names, as far as the code shows:
    ordered so that a join keeps the worst case (a value that may be on MPS may be; one
    on the CPU on every path but one not known is not known to be)."""

    CPU_BY_DEFAULT = 0  # made with no device: on the CPU until moved, as any new tensor
    CPU = 1  # put on the CPU on purpose (`.cpu()`, `device="cpu"`, made of NumPy data)
    UNKNOWN = 2
    WITH_FLOAT64 = 3  # CUDA and other devices that have float64
    MAY_LACK_FLOAT64 = 4  # MPS, or one of the devices the run treats like it


def place_of(value: "Value") -> Place:
    """Where a value's tensors are: a list's, tuple's or dict's, where all of its elements are."""
    if value.kind is Kind.MAPPING:
        return place_of(value.element) if value.element is not None else Place.UNKNOWN
    if value.kind is not Kind.CONTAINER:
        return value.place
    members = value.parts or ((value.element,) if value.element is not None else ())
    return max((place_of(member) for member in members), default=Place.UNKNOWN)


def together(values: Iterable["Value"]) -> Place:
    """Where the result of an operation on these values is: on the CPU when every tensor
    among them is (a Python number is no tensor); not known with none."""
    return max((place_of(value) for value in values if value.kind is not Kind.NUMBER), default=Place.UNKNOWN)


# The parameters of a call being read into, by the id of their binding, with their values;
# and, by the id of its function, the call itself where it hands a parameter a branch may
# test a constant (its value's origin: evaluation/branches_taken.py).
Context = Tuple[Tuple[int, "Value"], ...]


@dataclass(frozen=True)
class Callee:
    """What a function held as a value runs when called: one of the module's functions or
    lambdas (`target`), read with the parameters of the call that made it (`context`: a
    closure's enclosing call), or a library's function or method, `target` being the
    expression that names it (`rng.beta`); `bound`, the `functools.partial(f, ...)` call
    whose arguments after `f` come before those of a call of it."""

    target: cst.CSTNode
    context: Context = ()
    bound: Optional[cst.Call] = None


@dataclass(frozen=True)
class Value:
    kind: Kind = Kind.UNKNOWN
    dtype: Optional[Dtype] = None
    place: Place = Place.UNKNOWN
    element: Optional["Value"] = None  # of a container: any of its elements
    parts: Tuple["Value", ...] = ()  # of a tuple written out: each element at its place
    # Of a dict written out with string keys: the key of each part (`{"x": x, "n": 3}`).
    keys: Tuple[str, ...] = ()
    origin: Optional[cst.CSTNode] = None  # the expression that gave it its dtype (for messages)
    # Of a library object: its class (`sklearn.decomposition.PCA`); of an instance, its
    # class's qualified name in the module (`Grid`, `Outer.Inner`); of a string, its text.
    type: Optional[str] = None
    # Of a value whose kind the paths reaching it disagree on (a parameter, or the array or
    # tensor a branch makes): the widest array (else tensor) one of them holds, which it
    # then may be.
    may_be: Optional["Value"] = None
    # Of an instance known by its annotation (`grid: Grid`): it may be of a subclass.
    or_subclass: bool = False
    # A path that reaches it gives a dtype not known: `dtype` is only the widest of the
    # others, a floor, not what it is at most.
    partial: bool = False
    # Paths that reach it give different known dtypes (`{"x": grid, "steps": indices}[k]`):
    # a cast of it would change some of them.
    mixed: bool = False
    # Every expression that made a part of it of its dtype, when more than its origin
    # (`torch.stack([h, w])` of two float64 grids, `a if c else b`).
    sources: Tuple[cst.CSTNode, ...] = ()
    # Of data whose dtype is not known: its numbers are of the widths NumPy gives Python's
    # (64-bit integers and floats), never narrower floats, as a reader of text gives them
    # (`pd.read_csv(path)`, `json.load(f)`). What makes floats of it makes float64
    # (`np.array(config["anchors"]) / 416.0`).
    default_widths: bool = False
    callee: Optional[Callee] = None  # of a function held as a value: what calling it runs

    def __hash__(self) -> int:
        """Worked out once per value: values nest (an element, parts, what one may be) and
        share what they nest, so hashing them afresh took once per path to each, which
        doubles with every level (a key of the evaluator's answers holds values)."""
        found = self.__dict__.get("_hash")
        if found is None:
            found = hash(tuple(getattr(self, name) for name in _FIELDS))
            object.__setattr__(self, "_hash", found)
        return found

    @property
    def makers(self) -> Tuple[cst.CSTNode, ...]:
        """What made the value's dtype: its sources, else its origin."""
        return self.sources or ((self.origin,) if self.origin is not None else ())

    @property
    def is_array(self) -> bool:
        return self.kind in (Kind.NDARRAY, Kind.NUMPY_SCALAR)

    @property
    def array(self) -> Optional["Value"]:
        """The array this is, or may be on some path that reaches it."""
        if self.is_array:
            return self
        return self.may_be if self.may_be is not None and self.may_be.is_array else None

    @property
    def possible(self) -> Optional["Value"]:
        """The array or tensor this is, or may be on some path that reaches it."""
        if self.is_array or self.kind is Kind.TENSOR:
            return self
        return self.may_be

    @property
    def known_narrow(self) -> bool:
        """Is it known, on every path that reaches it, to be 32-bit or narrower?"""
        return self.dtype is not None and self.dtype <= Dtype.FLOAT32 and not self.partial


_FIELDS = tuple(field.name for field in fields(Value))
UNKNOWN = Value()


def join(values: Iterable[Value]) -> Value:
    """What a name may hold when several values reach it: their kind if they agree, the
    widest dtype (its origin with it) and the worst place."""
    joined: Optional[Value] = None
    for value in values:
        if value.kind is Kind.NONE and joined is not None:
            continue
        if joined is None or joined.kind is Kind.NONE:
            joined = value
            continue
        kind = joined.kind if joined.kind is value.kind else Kind.UNKNOWN
        wider = value if (value.dtype or -1) > (joined.dtype or -1) else joined
        element = join([joined.element, value.element]) if joined.element and value.element else None
        parts: Tuple[Value, ...] = ()
        if len(joined.parts) == len(value.parts) and joined.keys == value.keys:
            parts = tuple(join(pair) for pair in zip(joined.parts, value.parts))
        type_ = joined.type if joined.type == value.type else None
        arrays = [array for array in (joined.array, value.array) if array is not None]
        tensors = [data for data in (joined.possible, value.possible) if data is not None and not data.is_array]
        may_be = None
        if kind not in (Kind.NDARRAY, Kind.NUMPY_SCALAR, Kind.TENSOR) and (arrays or tensors):
            may_be = _widest(arrays or tensors)
        partial = joined.partial or value.partial or (joined.dtype is None) is not (value.dtype is None)
        differ = joined.dtype is not None and value.dtype is not None and joined.dtype is not value.dtype
        mixed = joined.mixed or value.mixed or differ
        joined = Value(
            kind, wider.dtype, max(joined.place, value.place), element, parts, joined.keys if parts else (),
            wider.origin, type_, may_be, joined.or_subclass or value.or_subclass, partial, mixed,
            sources_of(wider.dtype, (joined, value)), joined.default_widths and value.default_widths,
            joined.callee if joined.callee == value.callee else None,
        )
    return joined if joined is not None else UNKNOWN


def sources_of(dtype: Optional[Dtype], values: Iterable[Value]) -> Tuple[cst.CSTNode, ...]:
    """The makers of the values of this dtype, when there is more than one."""
    if dtype is None:
        return ()
    found = tuple(dict.fromkeys(maker for value in values if value.dtype is dtype for maker in value.makers))
    return found if len(found) > 1 else ()


def _widest(arrays: List[Value]) -> Value:
    """The array (or tensor) of the widest dtype (the first of those as wide)."""
    return max(arrays, key=lambda array: -1 if array.dtype is None else array.dtype)


def _numpy_result(array: Value, other: Value, divides: bool) -> Optional[Dtype]:
    """The dtype of NumPy arithmetic of an array (or NumPy scalar) and another operand."""
    if array.dtype is None:
        return None
    if other.kind is Kind.NUMBER:  # weak: it promotes across categories only
        if other.dtype is None:
            return None
        if other.dtype.is_float and array.dtype <= Dtype.INTEGER:
            wider = Dtype.FLOAT64  # NumPy's default float
        elif other.dtype > Dtype.FLOAT64 and array.dtype < Dtype.COMPLEX64:  # `1j * a`: complex of its precision
            wider = Dtype.COMPLEX64 if array.dtype in (Dtype.FLOAT16, Dtype.FLOAT32) else Dtype.COMPLEX128
        elif array.dtype is Dtype.BOOL:
            wider = min(other.dtype, Dtype.INTEGER)
        else:
            wider = array.dtype
    elif other.is_array and other.dtype is not None:
        wider = numpy_promoted(array.dtype, other.dtype)
    elif array.dtype in (Dtype.FLOAT64, Dtype.COMPLEX128) or divides:  # not known: a float64 (complex128)
        wider = array.dtype  # array stays so with any number or NumPy array, and integers divided are floats
    else:
        return None
    if divides and wider <= Dtype.INTEGER:
        return Dtype.FLOAT64
    return wider


def numpy_promoted(one: Dtype, other: Dtype) -> Dtype:
    """The dtype NumPy gives two arrays (or NumPy scalars) of these dtypes together: the
    wider, but a 32- or 64-bit integer with a float narrower than float64 gives float64, and
    a float64 with a complex64 complex128, as neither holds the other's values."""
    narrow, wide = sorted((one, other))
    if narrow is Dtype.INTEGER and wide in (Dtype.FLOAT16, Dtype.FLOAT32):
        return Dtype.FLOAT64
    if narrow in (Dtype.INTEGER, Dtype.FLOAT64) and wide is Dtype.COMPLEX64:
        return Dtype.COMPLEX128
    return wide


def arithmetic(left: Value, right: Value, divides: bool, origin: cst.CSTNode) -> Value:
    """The value of `left <op> right` for NumPy arrays and Python numbers (`divides`: true
    division). A result whose dtype is wider than either operand's has `origin` as its own.
    An operand that may be an array makes a result that may be what that array gives, and
    with a known array, one at least as wide (`float32_obs - self.mean` of a `self.mean`
    that is a float64 array on some path)."""
    if _of_default_widths(left) or _of_default_widths(right):
        return _of_either_width(left, right, divides, origin)
    result = _arithmetic(left, right, divides, origin)
    if (result.is_array and result.dtype is not None) or (left.may_be is None and right.may_be is None):
        return result
    possible = _arithmetic(left.array or left, right.array or right, divides, origin)
    if result.is_array:  # a known array with one that may be an array: at least what that gives
        return replace(possible, partial=True) if possible.dtype is not None else result
    return replace(result, may_be=possible) if possible.is_array else result


def _of_default_widths(value: Value) -> bool:
    return value.default_widths and value.dtype is None and value.is_array


def _of_either_width(left: Value, right: Value, divides: bool, origin: cst.CSTNode) -> Value:
    """Arithmetic of data of NumPy's default widths, its dtype not known: what it gives
    for booleans, 64-bit integers and float64 alike (divided, or with a Python float:
    float64), else data of the default widths again (with integers), else not known (with
    a float32 array: booleans keep it float32)."""
    results = []
    for width in DEFAULT_WIDTHS:
        sides = [replace(side, dtype=width) if _of_default_widths(side) else side for side in (left, right)]
        results.append(_arithmetic(sides[0], sides[1], divides, origin))
    if not all(result.kind is results[0].kind for result in results):
        return UNKNOWN
    dtypes = {result.dtype for result in results}
    if len(dtypes) == 1:
        return results[0]
    return Value(results[0].kind, default_widths=True) if dtypes <= set(DEFAULT_WIDTHS) else Value(results[0].kind)


# The dtypes data of NumPy's default widths may have: Python's booleans, integers and floats
# in NumPy (JSON's `true`, a CSV's True/False column).
DEFAULT_WIDTHS = (Dtype.BOOL, Dtype.INTEGER, Dtype.FLOAT64)


def _arithmetic(left: Value, right: Value, divides: bool, origin: cst.CSTNode) -> Value:
    if left.kind is Kind.NUMBER and right.kind is Kind.NUMBER:
        if left.dtype is None or right.dtype is None:
            return Value(Kind.NUMBER)
        dtype = Dtype.FLOAT64 if divides else max(left.dtype, right.dtype, Dtype.INTEGER)
        return Value(Kind.NUMBER, dtype, origin=_widened(left, right, dtype, origin))
    # a float64 (complex128) array first: `img - np.array(MEAN)` of an `img` not known is float64
    # whatever `img` is (with a float32 array it may be float32 or float64)
    wide = (Dtype.FLOAT64, Dtype.COMPLEX128)
    for array, other in sorted(((left, right), (right, left)), key=lambda pair: pair[0].dtype not in wide):
        if array.is_array:
            kind = Kind.NDARRAY if Kind.NDARRAY in (left.kind, right.kind) else Kind.NUMPY_SCALAR
            result = _numpy_result(array, other, divides)
            if result is None:
                return Value(kind)
            made = next((v.origin for v in (left, right) if v.is_array and v.dtype is result and v.origin), origin)
            arrays = [v for v in (left, right) if v.is_array]
            return Value(kind, result, origin=made, sources=sources_of(result, arrays))
    return UNKNOWN


def _widened(left: Value, right: Value, dtype: Dtype, origin: cst.CSTNode) -> Optional[cst.CSTNode]:
    """Where a result's dtype comes from: the operand that has it, else the operation."""
    for operand in (left, right):
        if operand.dtype is dtype and operand.origin is not None:
            return operand.origin
    return origin


def compared(left: Value, operator: cst.BaseCompOp, right: Value, origin: cst.CSTNode) -> Value:
    """The value of `left <operator> right`: a boolean mask of an array or a tensor
    (`preds == labels`; where the tensor is), a NumPy boolean of NumPy scalars, Python's
    bool of Python numbers and of `is` and `in`; not known where an operand is not."""
    if isinstance(operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)):
        return Value(Kind.NUMBER, Dtype.BOOL, origin=origin)
    kinds = {left.kind, right.kind}
    if Kind.TENSOR in kinds and kinds <= {Kind.TENSOR, Kind.NDARRAY, Kind.NUMPY_SCALAR, Kind.NUMBER}:
        return Value(Kind.TENSOR, Dtype.BOOL, together((left, right)), origin=origin)
    for kind in (Kind.NDARRAY, Kind.NUMPY_SCALAR, Kind.NUMBER):
        if kind in kinds and kinds <= {Kind.NDARRAY, Kind.NUMPY_SCALAR, Kind.NUMBER}:
            return Value(kind, Dtype.BOOL, origin=origin)
    return Value(place=place_of(left))
