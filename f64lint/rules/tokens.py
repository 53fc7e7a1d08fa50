"""Prefilter patterns several rules share (see `Rule.required`)."""

from __future__ import annotations

import re

from f64lint.analysis.domain.library import Returns, functions, short_names
from f64lint.prefilter import AllOf, AnyOf, words

# Every spelling of a float64/complex128 dtype: a torch, NumPy or string name, or the
# builtin `float` / `complex` as a value where a dtype goes: after a lone `=`
# (`dtype=float`, `DTYPE = float`) or in `.to(...)` / `.type(...)`.
WIDE_DTYPE = AnyOf(
    words("float64", "double", "cdouble", "f8", "c16", "complex128", "float_", "complex_"),
    r"=(?<![=!<>]=)\s*(?:float|complex)\b(?!\s*\()",
    r"\.(?:to|type)\((?:[^()]*,)?\s*(?:float|complex)\s*\)",
)

NUMPY = words("numpy")
TORCH = words("torch")
# The torch functions that turn NumPy data into a tensor.
TENSOR_FROM_DATA = words(*short_names(functions("torch", Returns.DATA_DTYPE)))

# A float64 value: a wide dtype, `.double()`, or NumPy data made a tensor.
WIDE_VALUE = AnyOf(WIDE_DTYPE, AllOf(NUMPY, TENSOR_FROM_DATA))

# A `.to(...)` (with at most one level of nested brackets inside) directly followed by a
# cast. `.to(` alone is in nearly every torch file and would let them all be parsed.
CAST_AFTER_MOVE = re.compile(r"\.to\((?:[^()]|\([^()]*\))*\)\s*\.\s*(?:float|half|bfloat16|cfloat|to|type|type_as)\s*\(")
