"""What a function of another module gives, as the project phase hands it on: the
evaluator's value written as plain data (kinds, dtypes and how they nest: a tuple's parts,
a dict's values by key, an object's attributes by name, a list's or a generator's
elements, what a function gives), for the evaluator of a module that calls the function
to read back (`for seed, ic in ensemble(n, runs)` of a generator that yields a seed and a
dict of float64 arrays; `make_grid().initial` of a `return Grid(np.exp(-xs))`)."""

from __future__ import annotations

import json
from typing import Any, List, Optional

from f64lint.analysis.evaluation.lattice import UNKNOWN, Dtype, Kind, Value
from f64lint.cst import cst

# How deep a value is written: a generator of tuples of dicts of arrays is three levels.
_DEPTH = 3
_DATA = (Kind.NDARRAY, Kind.NUMPY_SCALAR, Kind.TENSOR)
# and an object whose attributes are known (`Evaluator.attributes_of`), by name as keys, and
# a function, by what it gives as its element (`Evaluator.exported`)
_WRITTEN = frozenset({*_DATA, Kind.NUMBER, Kind.CONTAINER, Kind.MAPPING, Kind.OBJECT, Kind.CALLABLE})
_WIDE = (Dtype.FLOAT64, Dtype.COMPLEX128)


def wide_data_in(value: Value, depth: int = 0) -> Optional[Value]:
    """The first float64 (complex128) array, NumPy scalar or tensor the value holds, itself
    or in its parts, values or elements, or an array of NumPy's default widths (read from
    text); None where it holds none."""
    if depth > _DEPTH:
        return None
    if value.kind in _DATA:
        wide = value.dtype in _WIDE or (value.dtype is None and value.default_widths and value.is_array)
        return value if wide else None
    inner = [*value.parts, *((value.element,) if value.element is not None else ())]
    return next(filter(None, (wide_data_in(part, depth + 1) for part in inner)), None)


def written(value: Value) -> str:
    """The value as text for an export row."""
    return json.dumps(_plain(value, 0), separators=(",", ":"))


def _plain(value: Value, depth: int) -> Any:
    if depth > _DEPTH or value.kind not in _WRITTEN or value.partial:
        return None
    if value.kind is Kind.OBJECT and not value.keys:  # a library's: its own rows say what it is
        return None
    element = _plain(value.element, depth + 1) if value.element is not None else None
    parts = [_plain(part, depth + 1) for part in value.parts]
    dtype = value.dtype.name if value.dtype is not None else None
    return [value.kind.name, dtype, element, parts, list(value.keys), value.default_widths]


def read_back(text: str, origin: cst.CSTNode) -> Value:
    """The value an export row's text writes, made at `origin` (the call that gives it)."""
    return _value(json.loads(text), origin)


def _value(plain: Optional[List[Any]], origin: cst.CSTNode) -> Value:
    if plain is None:
        return UNKNOWN
    kind, dtype, element, parts, keys, widths = plain
    return Value(
        Kind[kind],
        Dtype[dtype] if dtype is not None else None,
        element=_value(element, origin) if element is not None else None,
        parts=tuple(_value(part, origin) for part in parts),
        keys=tuple(keys),
        origin=origin,
        default_widths=widths,
    )
