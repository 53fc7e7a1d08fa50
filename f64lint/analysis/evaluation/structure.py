"""Values taken apart and put together: an item of a list, a tuple or an array, the part
a target takes, the members a call is handed in one argument, a slice; a value placed, or
named after what made another; what a value may be where a path leaves it unknown
(lattice.py `may_be`); the arrays among a call's arguments; what a parameter is read as.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable, List, Optional, Tuple

from f64lint.analysis.domain.probed import FRAME_TYPES
from f64lint.analysis.evaluation.lattice import UNKNOWN, Dtype, Kind, Place, Value, join
from f64lint.analysis.syntax.nodes import index_from_end, integer_index
from f64lint.cst import cst

# What a parameter is read as from the values the module's calls pass for it.
DATA_KINDS = frozenset(
    {Kind.NDARRAY, Kind.NUMPY_SCALAR, Kind.TENSOR, Kind.NUMBER, Kind.CONTAINER, Kind.MAPPING, Kind.INSTANCE}
)


def as_data(value: Value) -> Value:
    """What a parameter is read as from a value passed for it: data, or where a value not
    known is (`torch.cat(self.outputs)` of outputs moved to the CPU); not a dtype or a
    device (a helper handed one often checks it); a library object is data too (a pandas
    frame, an estimator fitted on data, whose fitted attributes are arrays), and so is a
    function (`scale`, which the function called calls on its data); and what a reader of
    text gives (`json.load(f)`), whose numbers are Python's."""
    if value.kind in DATA_KINDS or value.kind in (Kind.OBJECT, Kind.CALLABLE):
        return value
    if value.kind is Kind.UNKNOWN and value.default_widths:
        return Value(place=value.place, origin=value.origin, default_widths=True)
    return Value(place=value.place) if value.kind is Kind.UNKNOWN and value.place is not Place.UNKNOWN else UNKNOWN


def relocated(value: Value, made: cst.CSTNode, origin: cst.CSTNode) -> Value:
    """A value named after another node where `made` made it or a part of it (a call put
    together from a `partial` and the call of it is named after the call of it)."""
    if value.origin is not made and made not in value.sources and not value.parts and value.element is None:
        return value
    return replace(
        value,
        origin=origin if value.origin is made else value.origin,
        sources=tuple(origin if source is made else source for source in value.sources),
        parts=tuple(relocated(part, made, origin) for part in value.parts),
        element=relocated(value.element, made, origin) if value.element is not None else None,
    )


def is_frame(value: Value) -> bool:
    """Is it a pandas frame or series (a library object the probed table names by kind)?"""
    return value.kind is Kind.OBJECT and value.type in FRAME_TYPES


def placed(value: Value, place: Place) -> Value:
    """A value at a place, and the tensors a tuple of them holds (`vals, idx = torch.sort(x)`)."""
    if value.kind is not Kind.CONTAINER:
        return replace(value, place=place)
    parts = tuple(placed(part, place) for part in value.parts)
    element = placed(value.element, place) if value.element is not None else None
    return replace(value, place=place, parts=parts, element=element)


def kept_from(made: Value, source: Value) -> Value:
    """A value made of another of its dtype, named after what made that one."""
    return replace(made, origin=source.origin, sources=source.sources)


def as_possible(value: Value) -> Value:
    """The value read as the array or tensor it may be where it is not known (in the parts
    and elements of a list or tuple too)."""
    if value.kind is Kind.UNKNOWN and value.may_be is not None:
        return value.may_be
    if value.kind is Kind.CONTAINER:
        element = as_possible(value.element) if value.element is not None else None
        return replace(value, element=element, parts=tuple(as_possible(part) for part in value.parts))
    return value


def may_be(value: Value) -> Value:
    """What a path may give: the array or tensor it is, as what the value may be."""
    return Value(may_be=value) if value.possible is value else UNKNOWN


def may_be_tensor(value: Value) -> bool:
    """Is it not known, and a tensor on some path that reaches it?"""
    return value.kind is Kind.UNKNOWN and value.may_be is not None and value.may_be.kind is Kind.TENSOR


def subscripted(node: cst.Subscript, held: Value) -> Value:
    """A slice of a list or array (`xs[1:]`, `a[:, 0]`, `a[None, ...]`), or an item."""
    if any(isinstance(element.slice, cst.Slice) for element in node.slice) or _adds_axes(node):
        return held if held.kind in (Kind.CONTAINER, Kind.NDARRAY, Kind.TENSOR) else UNKNOWN
    index = integer_index(node)
    from_end = index_from_end(node)  # `pair[-1]` of a tuple written out: its last part
    if from_end is not None and held.kind is Kind.CONTAINER and from_end <= len(held.parts):
        index = len(held.parts) - from_end
    return item_of(held, index if index is not None and index >= 0 else None)


def _adds_axes(node: cst.Subscript) -> bool:
    """`a[None, ...]`, `a[..., None]`: the array with axes added (an index of `None` or `...`)."""
    indices = [element.slice.value for element in node.slice if isinstance(element.slice, cst.Index)]
    return any(
        (isinstance(index, cst.Name) and index.value == "None") or isinstance(index, cst.Ellipsis) for index in indices
    )


def members_of(value: Value) -> List[Value]:
    """The values a call is handed in one argument: each part of a list or tuple (any
    element of one not written out), else the argument itself."""
    if value.kind is not Kind.CONTAINER:
        return [value]
    if value.parts:
        return list(value.parts)
    return [value.element if value.element is not None else UNKNOWN]


def innermost(value: Value) -> List[Value]:
    """The values a nested list or tuple holds at its innermost level (`[[c, -s, 0.0], [s,
    c, 0.0]]`: each number), where NumPy makes an array of them; a value that is no list
    or tuple itself."""
    if value.kind is not Kind.CONTAINER:
        return [value]
    return [leaf for member in members_of(value) for leaf in innermost(member)]


def item_of(value: Value, place: Optional[int] = None) -> Value:
    """An element of a value: of a tuple written out, the one at `place` when known; of a
    container, any of its elements; of an array or a tensor, one of its dtype (a row, or a
    NumPy scalar: float64 either way); of data read from text, data read from text."""
    if value.kind is Kind.CONTAINER:
        if place is not None and place < len(value.parts):
            return value.parts[place]
        return value.element or UNKNOWN  # past the parts the probe saw (`a, b = t.chunk(2)`): any
    if value.is_array or value.kind is Kind.TENSOR:
        return value
    # `vals, idx = torch.sort(x.cpu())`: where what it is taken from is; of what a reader of
    # text gives (`for anchors in config["anchors"]`), what it gives again
    return Value(place=value.place, default_widths=value.default_widths and value.kind is Kind.UNKNOWN)


def any_data(values: List[Value]) -> Optional[Value]:
    """Any of these values, when all are data (a parameter is read as nothing else)."""
    joined = join(values) if values else None
    return joined if joined is not None and joined.kind in DATA_KINDS else None


def part_at(value: Value, path: Tuple[int, ...]) -> Value:
    """The part of a value a target takes (`(x, (y, z))` takes `z` at path (1, 1))."""
    for place in path:
        value = item_of(value, place)
    return value


def arrays_in(values: Iterable[Value]) -> List[Value]:
    """The arrays among a call's arguments, and those in a list or tuple of them: arrays,
    and lists of numbers, which NumPy makes arrays of (`[0.0]` in `np.concatenate([a, [0.0]])`
    is a float64 array, and so is a list of Python floats in `np.mean(rewards)`)."""
    found = []
    for value in values:
        if value.array is not None:  # an array, or one on some path
            found.append(value.array)
        elif value.kind is Kind.CONTAINER:
            members = value.parts or ((value.element,) if value.element is not None else ())
            if members and all(member.kind is Kind.NUMBER and member.dtype is not None for member in members):
                found.append(Value(Kind.NDARRAY, array_dtype(join(members)), origin=value.origin))
                continue
            for member in members:
                numbers = member.element if member.kind is Kind.CONTAINER else None
                if member.is_array:
                    found.append(member)
                elif numbers is not None and numbers.kind is Kind.NUMBER and numbers.dtype is not None:
                    found.append(Value(Kind.NDARRAY, array_dtype(numbers), origin=member.origin))
    return found


def partly_unknown(values: Iterable[Value]) -> bool:
    """Is one of these values, or of the parts of a list or tuple among them, unknown?"""
    return any(
        value.kind is Kind.UNKNOWN or (value.kind is Kind.CONTAINER and partly_unknown(value.parts))
        for value in values
    )


def array_dtype(number: Value) -> Optional[Dtype]:
    """The dtype of a NumPy array made of a value: Python floats make float64, ints int64."""
    if number.kind is Kind.NUMBER and number.dtype is not None:
        return max(number.dtype, Dtype.INTEGER)
    return number.dtype


def collated(item: Value, loader: cst.CSTNode, batched: bool = True) -> Value:
    """A batch a data loader's default collate makes of items like this one: tensors of
    the dtype of its arrays and tensors, of Python floats float64 and ints int64, on the
    CPU, made by the loader; tuples, lists and dicts of such, part by part. Unbatched
    (`batch_size=None`), an item as its default convert makes it: its arrays tensors, its
    Python numbers as they are. Not known for anything else."""
    if item.kind is Kind.NUMBER and not batched:
        return item
    if item.kind is Kind.NUMBER and item.mixed:
        return UNKNOWN  # `[1, 2.5]`: the first item's kind decides (ints are collated in the default dtype)
    if item.is_array or item.kind in (Kind.TENSOR, Kind.NUMPY_SCALAR, Kind.NUMBER):
        dtype = array_dtype(item)
        return Value(Kind.TENSOR, dtype, Place.CPU_BY_DEFAULT, origin=loader) if dtype is not None else UNKNOWN
    if item.kind in (Kind.CONTAINER, Kind.MAPPING) and (item.parts or item.element is not None):
        element = collated(item.element, loader, batched) if item.element is not None else None
        parts = tuple(collated(part, loader, batched) for part in item.parts)
        return replace(item, parts=parts, element=element, origin=None)
    return UNKNOWN


def object_named(value: Value) -> str:
    """A library's object as a summary's rows name it: its class, with the dtype of the
    data it holds where that is known (`pandas.DataFrame[int64]`), or `[default]` for data
    at NumPy's default widths (a frame read from a CSV file)."""
    assert value.type is not None
    if value.dtype is not None and not value.partial and not value.mixed:
        return f"{value.type}[{value.dtype.numpy_name}]"
    return f"{value.type}[{_DEFAULT_WIDTHS}]" if value.default_widths else value.type


def named_object(named: str, origin: cst.CSTNode) -> Value:
    """The library's object a row names (`object_named`)."""
    owner, _, held = named.partition("[")
    held = held.rstrip("]")
    widths = held == _DEFAULT_WIDTHS
    return Value(Kind.OBJECT, None if widths else Dtype.named(held or None), origin=origin, type=owner,
                 default_widths=widths)


def object_class(named: str) -> str:
    """The class of the library's object a row names (`object_named`)."""
    return named.partition("[")[0]


_DEFAULT_WIDTHS = "default"


def passed_as_read(value: Value, made_by: Optional[str], given: str) -> bool:
    """Is a value a call passes for a parameter what another module's row of the function
    was read with (`Export.given`): an object of that class holding data of that dtype (a
    library's: `object_named`), an object of one of the function's module's classes the
    value is made by a call of (`made_by`), or without one, float64 (or complex128) data,
    the data other modules' calls pass a function, or a dict of only such data (read by
    key there: `stats["mean"]`)?"""
    if given:
        library = value.kind is Kind.OBJECT and value.type is not None and object_named(value) == given
        return library or made_by == given
    if value.kind is Kind.MAPPING and value.keys:
        return all(passed_as_read(part, None, "") for part in value.parts)
    return value.kind in (Kind.NDARRAY, Kind.TENSOR) and value.dtype in (Dtype.FLOAT64, Dtype.COMPLEX128)


def no_mps_device(value: Value) -> bool:
    """Is a value given for a device known to be no device without float64: one known to
    be another (`"cpu"`, `torch.device("cuda")`), or `None` (the default device)?"""
    known = value.kind is Kind.DEVICE and value.place not in (Place.UNKNOWN, Place.MAY_LACK_FLOAT64)
    return known or value.kind is Kind.NONE


def without_float64(value: Value) -> Value:
    """A value on a path float64 does not take (past `if x.dtype == torch.float64: x =
    x.float()`): of its dtype if another, else of one not known."""
    if value.may_be is not None and value.may_be.dtype is Dtype.FLOAT64:
        value = replace(value, may_be=None)
    if value.dtype is not Dtype.FLOAT64:
        return value
    return replace(value, dtype=None, mixed=False, sources=())
