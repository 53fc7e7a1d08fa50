"""Make any machine behave like Apple's MPS backend as far as dtypes go.

Inside `mps_emulation()`, tensors created on or moved to `"mps"` really live on the CPU
but report `device.type == "mps"` (and `is_mps`), results computed from them are "on MPS"
too, and a float64 or complex128 tensor that would exist on MPS raises what the real
backend raises: `TypeError` ("Cannot convert a MPS Tensor to float64 dtype ...") when it is
made, converted or moved there, `RuntimeError` when an operation would promote to it.
Everything else runs as usual, so code fixed for MPS can be run and compared with its
float64 CPU result on a machine without a Mac.

    from f64lint.testing.mps_emulation import mps_emulation

    with mps_emulation():
        model = build_model(device="mps")   # raises TypeError if it makes float64 there

Needs PyTorch (>= 2.0, for `torch.overrides.TorchFunctionMode`).
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterator, Optional, Tuple

import torch
from torch.overrides import TorchFunctionMode
from torch.utils._pytree import tree_flatten, tree_map

_MARK = "_f64lint_on_mps"
_MPS = torch.device("mps")
_CPU = torch.device("cpu")
_WIDE = {torch.float64: "float64", torch.complex128: "complex128"}
_PASS_THROUGH = (torch.device, torch._C._nn._parse_to)
# Calls that make or convert a tensor: a float64 result is MPS's TypeError, not an op error.
_CONVERSIONS = frozenset({torch.Tensor.to, torch.Tensor.double, torch.Tensor.cdouble, torch.Tensor.type})
# Calls whose result leaves the device, whatever their input.
_OFF_DEVICE = frozenset({torch.Tensor.cpu, torch.Tensor.numpy, torch.Tensor.tolist, torch.Tensor.item})


def mps_error(dtype: torch.dtype) -> TypeError:
    """What MPS raises when a float64 tensor is made on it or converted or moved to it."""
    name = _WIDE[dtype]
    return TypeError(
        f"Cannot convert a MPS Tensor to {name} dtype as the MPS framework doesn't support {name}. "
        "Please use float32 instead."
    )


def mps_op_error(dtype: torch.dtype) -> RuntimeError:
    """What MPS raises when an operation would compute in float64 there (type promotion)."""
    name = "float64 (double)" if dtype is torch.float64 else "complex128"
    return RuntimeError(f"MPS backend does not support {name} for this operation.")


def on_mps(tensor: torch.Tensor) -> bool:
    return bool(getattr(tensor, _MARK, False))


def _is_mps(device: Any) -> bool:
    if isinstance(device, str):
        return device.split(":")[0] == "mps"
    return isinstance(device, torch.device) and device.type == "mps"


def _is_device(value: Any) -> bool:
    if isinstance(value, torch.device):
        return True
    if isinstance(value, str):
        try:
            torch.device(value)
        except RuntimeError:
            return False
        return True
    return False


def _to_cpu(value: Any) -> Any:
    return _CPU if _is_mps(value) else value


def _target_device(func: Callable, args: Tuple[Any, ...], kwargs: Dict[str, Any]) -> Optional[Any]:
    """Where a call puts its result, when it says: `device=`, or `.to(device, ...)`."""
    if "device" in kwargs:
        return kwargs["device"]
    if func is torch.Tensor.to:
        for value in args[1:]:
            if _is_device(value):
                return value
            if isinstance(value, torch.Tensor):
                return torch.device("mps") if on_mps(value) else value.device
    return None


def _tensors(value: Any) -> Iterator[torch.Tensor]:
    leaves, _ = tree_flatten(value)
    return (leaf for leaf in leaves if isinstance(leaf, torch.Tensor))


class _MpsEmulation(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func in _PASS_THROUGH:  # `torch.device("mps")` and nn.Module.to's parsing keep "mps"
            return func(*args, **kwargs)
        descriptor = getattr(func, "__self__", None)
        if descriptor is torch.Tensor.device and on_mps(args[0]):
            return _MPS
        if descriptor is torch.Tensor.is_mps:
            return on_mps(args[0])
        target = _target_device(func, args, kwargs)
        if target is not None:
            result_on_mps = _is_mps(target)
        else:
            result_on_mps = func not in _OFF_DEVICE and any(on_mps(t) for t in _tensors((args, kwargs)))
        args = tree_map(_to_cpu, args)
        kwargs = tree_map(_to_cpu, kwargs)
        if result_on_mps and func is torch.Tensor.to:
            # Check the dtype before the copy, as the backend does.
            wanted = next((v for v in (*args[1:], kwargs.get("dtype")) if isinstance(v, torch.dtype)), None)
            dtype = wanted or args[0].dtype
            if dtype in _WIDE:
                raise mps_error(dtype)
        result = func(*args, **kwargs)
        if result_on_mps:
            converts = target is not None or func in _CONVERSIONS
            for tensor in _tensors(result):
                if tensor.dtype in _WIDE:
                    raise mps_error(tensor.dtype) if converts else mps_op_error(tensor.dtype)
                setattr(tensor, _MARK, True)
        elif func in _OFF_DEVICE or target is not None:
            for tensor in _tensors(result):
                if on_mps(tensor):
                    # `.to("cpu")` of a CPU tensor returns the tensor itself: copy the mark off.
                    result = tree_map(lambda t: t.clone() if t is tensor else t, result)
        return result


def mps_emulation() -> TorchFunctionMode:
    """A context manager: inside it, `"mps"` behaves like Apple's MPS for dtypes."""
    return _MpsEmulation()
