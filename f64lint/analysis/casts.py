"""Casts along a chain of method calls: is a new tensor made narrow before it can move?"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from f64lint.analysis.devices import following_calls
from f64lint.analysis.dtypes import Width, dtype_of, keyword, method_name, positional
from f64lint.analysis.module import ModuleFacts

_NARROWING_METHODS = frozenset({"float", "half", "bfloat16", "cfloat"})
# Methods that may put the tensor on an accelerator, or keep it float64 while doing so.
_MOVING_METHODS = frozenset({"to", "cuda", "double", "cdouble"})


def casts_narrow(facts: ModuleFacts, call: cst.Call) -> bool:
    """`.float()`, `.half()`, `.to(torch.float32)`, `.to(device, dtype=torch.float16)`, ..."""
    method = method_name(call)
    if method in _NARROWING_METHODS:
        return True
    if method not in ("to", "type"):
        return False
    candidates: list[Optional[cst.BaseExpression]] = [*positional(call), keyword(call, "dtype")]
    for value in candidates:
        dtype = dtype_of(facts, value) if value is not None else None
        if dtype is not None and dtype.width is Width.NARROW:
            return True
    return False


def cast_down_before_move(facts: ModuleFacts, call: cst.Call) -> bool:
    """Is the tensor a call makes cast to a narrow dtype (or handed to `.numpy()`) before
    anything could move it to a device? `torch.from_numpy(a).float().to(device)` is fine;
    in `torch.from_numpy(a).to(device).float()` the move comes first and crashes on MPS."""
    for outer in following_calls(facts, call):
        if casts_narrow(facts, outer):
            return True
        method = method_name(outer)
        if method == "numpy":
            return True
        if method in _MOVING_METHODS:
            return False
    return False
