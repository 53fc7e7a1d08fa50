"""Casts along a chain of method calls: is a new tensor made narrow before it can move?"""

from __future__ import annotations

from typing import Callable, Optional

from f64lint.analysis.domain.devices import (
    following_calls,
    is_cpu_device,
    is_device_like,
)
from f64lint.analysis.domain.dtypes import Width, dtype_of
from f64lint.analysis.domain.library import (
    CONVERTS_TO_DTYPE_GIVEN,
    MOVES_OR_KEEPS_FLOAT64,
    NARROWING_CASTS,
    TENSOR_TYPE,
    Returns,
    functions,
    member,
    methods,
    short_names,
)
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import keyword, method_name, moved_to, positional
from f64lint.cst import cst

_NARROWING_METHODS = frozenset(short_names(NARROWING_CASTS))
_MOVING_METHODS = frozenset(short_names(MOVES_OR_KEEPS_FLOAT64))
# The methods that convert a tensor to the dtype they are given, by name (`to`, `type`).
CONVERTING_METHODS = frozenset(short_names(CONVERTS_TO_DTYPE_GIVEN))


def casts_narrow(facts: ModuleFacts, call: cst.Call) -> bool:
    """`.float()`, `.half()`, `.to(torch.float32)`, `.to(device, dtype=torch.float16)`, ..."""
    method = method_name(call)
    if method in _NARROWING_METHODS:
        return True
    if method not in CONVERTING_METHODS:
        return False
    candidates: list[Optional[cst.BaseExpression]] = [*positional(call), keyword(call, "dtype")]
    for value in candidates:
        dtype = dtype_of(facts, value) if value is not None else None
        if dtype is not None and dtype.width is Width.NARROW:
            return True
    return False


def _dtype_like(node: cst.BaseExpression) -> bool:
    """`dtype`, `compute_dtype`, `x.dtype`: a dtype someone chose, not a device."""
    name = node.attr.value if isinstance(node, cst.Attribute) else node.value if isinstance(node, cst.Name) else ""
    return name == "dtype" or name.endswith("_dtype")


def casts_like(call: cst.Call) -> bool:
    """`.type_as(x)`: to the dtype of the tensor it is given."""
    method = method_name(call)
    return method is not None and member(TENSOR_TYPE, method) is Returns.GIVEN_TENSOR_DTYPE


def casts_to_chosen_dtype(call: cst.Call) -> bool:
    """`.to(dtype)`, `.to(dtype=compute_dtype)`, `.to(x.dtype)`, `.type_as(x)`: the caller's
    or the data's dtype, which the fix threads through."""
    if casts_like(call):
        return True
    method = method_name(call)
    if method != "to":
        return False
    args = positional(call)
    chosen = keyword(call, "dtype") or (args[0] if len(args) == 1 else None)
    return chosen is not None and _dtype_like(chosen)


def made_on_a_device(facts: ModuleFacts, call: cst.Call) -> bool:
    """Is the tensor a call makes made on a device that may be MPS (`device=device`, not
    `"cpu"` or None)? Then no cast after the call comes in time: the data's dtype meets
    the device at creation (`torch.tensor(float64_array, device=device).float()` crashes)."""
    device = keyword(call, "device")
    if device is None or is_cpu_device(facts, device):
        return False
    return not (isinstance(device, cst.Name) and device.value == "None")


def cast_down_before_move(facts: ModuleFacts, call: cst.Call, gives_what_mps_has: Callable[[cst.Call], bool]) -> bool:
    """Is the tensor a call makes cast to a narrow or chosen dtype, or one a call gives
    that the analysis above reads as a dtype MPS has (`.round().long()`), or handed to
    `.numpy()`, before anything could move it to a device?
    `torch.from_numpy(a).float().to(device)` is fine; in
    `torch.from_numpy(a).to(device).float()` the move comes first and crashes on MPS."""
    for outer in following_calls(facts, call):
        if stops_float64(facts, outer, gives_what_mps_has):
            return True
        if method_name(outer) in _MOVING_METHODS:
            return False
    return False


def stops_float64(facts: ModuleFacts, call: cst.Call, gives_what_mps_has: Callable[[cst.Call], bool]) -> bool:
    """Does a call in a tensor's chain leave no float64 to move: a cast to a narrow or
    chosen dtype, one the analysis above reads as giving a dtype MPS has, or `.numpy()`?"""
    return (
        casts_narrow(facts, call) or casts_to_chosen_dtype(call) or gives_what_mps_has(call)
        or method_name(call) == "numpy"
    )


DEFAULT_DTYPE_FACTORIES = functions("torch", Returns.DEFAULT_DTYPE)
# The table's torch functions that give a tensor of their tensors' dtype (`torch.meshgrid`)
# and tensor methods that keep their tensor's (`.pin_memory()`): where probing does not reach.
KEEP_TENSOR_DTYPE = functions("torch", Returns.ARGUMENT_DTYPE)
KEEP_RECEIVER_DTYPE = methods(TENSOR_TYPE, Returns.RECEIVER_DTYPE)


def moves_to_device(facts: ModuleFacts, call: cst.Call) -> bool:
    """`x.to(device)`, `x.to("mps")`, `x.to(device=...)`: a move to a device that may be an
    accelerator, with no dtype in the same call (`.to(device, dtype=...)` casts first)."""
    moved = moved_to(call)
    if moved is None or moved[1] is not None or facts.qualified_name(call.func) is not None:
        return False
    device = moved[0]
    if dtype_of(facts, device) is not None:
        return False
    return is_device_like(facts, device) and not is_cpu_device(facts, device)


def cast_after(facts: ModuleFacts, call: cst.Call) -> Optional[cst.Call]:
    """The cast that follows a call in its chain, before any other move: to a narrow dtype
    (`.float()`) or a chosen one (`.to(dtype)`, `.type_as(x)`)."""
    for outer in following_calls(facts, call):
        if casts_narrow(facts, outer) or casts_to_chosen_dtype(outer):
            return outer
        if method_name(outer) in _MOVING_METHODS:
            return None
    return None
