"""The shape of a call, read from the syntax alone (no facts needed)."""

from __future__ import annotations

from typing import List, Optional, Tuple

from f64lint.cst import cst

# How far names are followed to the values assigned to them.
MAX_TRACE_DEPTH = 5


def method_name(call: cst.Call) -> Optional[str]:
    """`to` for `x.to(...)`; None for a call that is not a method call."""
    if isinstance(call.func, cst.Attribute):
        return call.func.attr.value
    return None


def keyword(call: cst.Call, name: str) -> Optional[cst.BaseExpression]:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    return None


def positional(call: cst.Call) -> List[cst.BaseExpression]:
    return [arg.value for arg in call.args if arg.keyword is None and not arg.star]


def moved_to(call: cst.Call) -> Optional[Tuple[cst.BaseExpression, Optional[cst.BaseExpression]]]:
    """For `x.to(device)`, `x.to(device, dtype)`, `x.to(device=d, dtype=t)`: the device and
    the dtype given with it (None when none is)."""
    if method_name(call) != "to":
        return None
    args = positional(call)
    device = keyword(call, "device") or (args[0] if args else None)
    if device is None:
        return None
    dtype = keyword(call, "dtype") or (args[1] if len(args) > 1 else None)
    return device, dtype
