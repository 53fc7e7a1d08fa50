"""Make any machine behave like Apple's MPS backend as far as dtypes and devices go.

Inside `mps_emulation()`:

- `torch.backends.mps.is_available()` and `is_built()` are true, so code that picks
  `"mps"` when it can takes that path; `torch.mps.synchronize()`, `empty_cache()`,
  `manual_seed()` and the memory counters work; `torch.set_default_device("mps")` and
  `torch.Generator(device="mps")` work.
- Tensors created on or moved to `"mps"` really live on the CPU but report
  `device.type == "mps"` (and `is_mps`); results computed from them are "on MPS" too.
- A float64 or complex128 tensor that would exist on MPS raises what the real backend
  raises: `TypeError` ("Cannot convert a MPS Tensor to float64 dtype ...") when it is made,
  converted or moved there, `RuntimeError` when an operation would promote to it. A note on
  the error names the line that made the float64 value and the f64lint rule for the shape.
- An MPS tensor that meets a CPU tensor (other than a 0-dimensional one) in an operation
  raises the backend's device-mismatch `RuntimeError`; `.numpy()` of an MPS tensor raises
  its `TypeError`.

Everything else runs as usual, so code fixed for MPS can be run and compared with its
float64 CPU result on a machine without a Mac (`assert_close_to_cpu_float64`).

    from f64lint.testing.mps_emulation import mps_emulation

    with mps_emulation():
        model = build_model(device="mps")   # raises TypeError if it makes float64 there

Needs PyTorch (>= 2.0, for `torch.overrides.TorchFunctionMode`).
"""

from __future__ import annotations

import contextlib
import os
import sys
from types import FrameType
from typing import Any, Callable, Dict, Iterator, Optional, Tuple
from unittest import mock

import torch
from torch.overrides import TorchFunctionMode
from torch.utils._device import _device_constructors
from torch.utils._pytree import tree_flatten, tree_map
from torch.utils.weak import WeakIdKeyDictionary

# The tensors on the emulated device, and where float64 tensors were made (with the rule
# for the shape): kept beside the tensors, never on them, so nothing of it is pickled.
_ON_MPS: WeakIdKeyDictionary = WeakIdKeyDictionary()
_MADE: WeakIdKeyDictionary = WeakIdKeyDictionary()
_MPS = torch.device("mps", 0)
_CPU = torch.device("cpu")
_WIDE = {torch.float64: "float64", torch.complex128: "complex128"}
_PASS_THROUGH = (torch.device, torch._C._nn._parse_to)
# torch's stubs lack `Tensor.cdouble` (unused-ignore: where torch is missing, it is Any to mypy).
_CDOUBLE = torch.Tensor.cdouble  # type: ignore[attr-defined, unused-ignore]
# Calls that make or convert a tensor: a float64 result is MPS's TypeError, not an op error.
_CONVERSIONS = frozenset({torch.Tensor.to, torch.Tensor.double, _CDOUBLE, torch.Tensor.type})
# Calls whose result leaves the device, whatever their input.
_OFF_DEVICE = frozenset({torch.Tensor.cpu, torch.Tensor.tolist, torch.Tensor.item})
# Calls that may take tensors of two devices: copies, indexing with host indices, packed
# sequences' host lengths, and nn.Module.to's check before it swaps a parameter's data.
_ACROSS_DEVICES = frozenset({
    torch.Tensor.to, torch.Tensor.copy_, torch.Tensor.cpu, torch.Tensor.__getitem__, torch.Tensor.__setitem__,
    torch.Tensor.type_as, torch.Tensor.new_tensor, torch._has_compatible_shallow_copy_type,
    torch._pack_padded_sequence,
})
_FACTORIES = frozenset(_device_constructors())
_HERE = os.path.dirname(os.path.abspath(__file__))
_TORCH = os.path.dirname(os.path.abspath(torch.__file__))


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
    return tensor in _ON_MPS


def _place_on_mps(tensor: torch.Tensor, there: bool = True) -> None:
    if there:
        _ON_MPS[tensor] = True
    else:
        _ON_MPS.pop(tensor, None)


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


def _tensors(value: Any) -> Iterator[torch.Tensor]:
    leaves, _ = tree_flatten(value)
    return (leaf for leaf in leaves if isinstance(leaf, torch.Tensor))


def _user_line() -> Optional[str]:
    """`path:line` of the innermost frame of the user's code (not torch's, not ours)."""
    frame: Optional[FrameType] = sys._getframe(1)
    while frame is not None:
        where = frame.f_code.co_filename
        if not where.startswith((_HERE, _TORCH, "<")) and "contextlib" not in where:
            return f"{where}:{frame.f_lineno}"
        frame = frame.f_back
    return None


def _rule_for(func: Callable, args: Tuple[Any, ...], kwargs: Dict[str, Any]) -> Optional[str]:
    """The f64lint rule that finds this shape statically, when there is one."""
    if func in (torch.Tensor.double, _CDOUBLE):
        return "F64002"
    if kwargs.get("dtype") in _WIDE or any(isinstance(arg, torch.dtype) and arg in _WIDE for arg in args[1:]):
        return "F64001"
    if func in (torch.tensor, torch.as_tensor, torch.asarray) and args and type(args[0]).__module__ == "numpy":
        return "F64003"
    return None


class _MpsEmulation(TorchFunctionMode):
    def __init__(self) -> None:
        super().__init__()
        self.default_on_mps = False  # `torch.set_default_device("mps")`

    def __torch_function__(self, func, types, args=(), kwargs=None):
        __tracebackhide__ = True  # pytest shows the user's line that raised, not this one
        kwargs = kwargs or {}
        if func in _PASS_THROUGH:  # `torch.device("mps")` and nn.Module.to's parsing keep "mps"
            return func(*args, **kwargs)
        descriptor = getattr(func, "__self__", None)
        if descriptor is torch.Tensor.device and on_mps(args[0]):
            return _MPS
        if descriptor is torch.Tensor.is_mps:
            return on_mps(args[0])
        if descriptor is torch.Tensor.is_cpu and on_mps(args[0]):
            return False
        if func is torch.Tensor.get_device and on_mps(args[0]):
            return 0
        if descriptor is torch.Tensor.data and getattr(func, "__name__", "") == "__set__":
            # `param.data = moved` (nn.Module.to): the parameter is where its new data is.
            func(*args, **kwargs)
            _place_on_mps(args[0], on_mps(args[1]))
            return None
        if func is torch.Tensor.numpy and on_mps(args[0]):
            raise TypeError(
                "can't convert mps:0 device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host "
                "memory first."
            )
        if self.default_on_mps and func in _FACTORIES and kwargs.get("device") is None:
            kwargs = {**kwargs, "device": _MPS}
        target = self._target_device(func, args, kwargs)
        if target is not None:
            result_on_mps = _is_mps(target)
        else:
            result_on_mps = func not in _OFF_DEVICE and any(on_mps(t) for t in _tensors((args, kwargs)))
            if result_on_mps and func not in _ACROSS_DEVICES:
                _check_one_device(args, kwargs)
        args = tree_map(_to_cpu, args)
        kwargs = tree_map(_to_cpu, kwargs)
        if result_on_mps and func is torch.Tensor.to:
            # Check the dtype before the copy, as the backend does.
            dtype = _dtype_asked(args, kwargs) or args[0].dtype
            if dtype in _WIDE:
                raise _located(mps_error(dtype), func, args, kwargs, args[0])
        result = func(*args, **kwargs)
        if result_on_mps:
            converts = target is not None or func in _CONVERSIONS
            inputs = [id(t) for t in _tensors((args, kwargs)) if not on_mps(t)]
            for tensor in _tensors(result):
                if tensor.dtype in _WIDE:
                    error = mps_error(tensor.dtype) if converts else mps_op_error(tensor.dtype)
                    raise _located(error, func, args, kwargs, next(_wide_inputs(args, kwargs), None))
            if inputs:  # a move to MPS copies: `x.to("mps")` of a CPU `x` is not `x` itself
                result = tree_map(lambda t: t.clone() if isinstance(t, torch.Tensor) and id(t) in inputs else t, result)
            # A packed sequence's batch sizes stay on the host, as on the backend.
            placed = result[:1] if func is torch._pack_padded_sequence else result
            for tensor in _tensors(placed):
                _place_on_mps(tensor)
        else:
            if func in _OFF_DEVICE or target is not None:
                for tensor in _tensors(result):
                    if on_mps(tensor):
                        # `.to("cpu")` of a CPU tensor returns the tensor itself: copy the mark off.
                        result = tree_map(lambda t: t.clone() if t is tensor else t, result)  # noqa: B023 (used at once)
            for tensor in _tensors(result):
                if tensor.dtype in _WIDE and tensor not in _MADE:
                    _MADE[tensor] = (_user_line(), _rule_for(func, args, kwargs))
        return result

    @staticmethod
    def _target_device(func: Callable, args: Tuple[Any, ...], kwargs: Dict[str, Any]) -> Optional[Any]:
        """Where a call puts its result, when it says: `device=`, or `.to(device, ...)`, or
        `.to(other)` (the other tensor's device and dtype)."""
        if "device" in kwargs:
            return kwargs["device"]
        if func is torch.Tensor.to:
            for value in args[1:]:
                if _is_device(value):
                    return value
                if isinstance(value, torch.Tensor):
                    return _MPS if on_mps(value) else value.device
        return None


def _dtype_asked(args: Tuple[Any, ...], kwargs: Dict[str, Any]) -> Optional[torch.dtype]:
    """The dtype a `.to(...)` asks for: given, or that of the tensor it copies."""
    for value in (*args[1:], kwargs.get("dtype")):
        if isinstance(value, torch.dtype):
            return value
        if isinstance(value, torch.Tensor):
            return value.dtype
    return None


def _wide_inputs(args: Tuple[Any, ...], kwargs: Dict[str, Any]) -> Iterator[torch.Tensor]:
    return (t for t in _tensors((args, kwargs)) if t.dtype in _WIDE)


def _check_one_device(args: Tuple[Any, ...], kwargs: Dict[str, Any]) -> None:
    """An operation on an MPS tensor and a CPU tensor fails on the real backend (a
    0-dimensional CPU tensor, like a Python number, is allowed)."""
    for tensor in _tensors((args, kwargs)):
        if not on_mps(tensor) and tensor.dim() > 0 and tensor.device.type == "cpu":
            raise RuntimeError("Expected all tensors to be on the same device, but found at least two devices, "
                               "mps:0 and cpu!")


def _located(error: Exception, func: Callable, args: Tuple[Any, ...], kwargs: Dict[str, Any],
             made: Optional[torch.Tensor]) -> Exception:
    """The error with a note: where the float64 value was made, and the rule that finds it
    there (or, for a move of a float64 tensor made elsewhere, F64004)."""
    where, rule = _MADE.get(made, (None, None)) if made is not None else (None, None)
    if where is None:
        where, rule = _user_line(), _rule_for(func, args, kwargs)
    if rule is None and func is torch.Tensor.to:
        rule = "F64004"
    note = f"f64lint: the float64 value was made at {where}" if where else "f64lint: float64 reached MPS"
    if rule is not None:
        note += f" (see `f64lint --explain {rule}`)"
    add_note = getattr(error, "add_note", None)
    if add_note is not None:  # Python 3.11+
        add_note(note)
    return error


def _available() -> bool:
    return True


def _accelerator() -> Tuple[Tuple[str, Any], ...]:
    """`torch.accelerator` (PyTorch 2.6+) says MPS too."""
    if not hasattr(torch, "accelerator"):
        return ()
    return (
        ("torch.accelerator.is_available", _available),
        ("torch.accelerator.current_accelerator", lambda check_available=False: torch.device("mps")),
        ("torch.accelerator.device_count", lambda: 1),
        ("torch.accelerator.synchronize", lambda device=None: None),
    )


class _GeneratorType(type):
    def __instancecheck__(cls, instance: Any) -> bool:
        return isinstance(instance, torch._C.Generator)


class _Generator(metaclass=_GeneratorType):
    """`torch.Generator(device="mps")`: a CPU generator (the emulated device's tensors are
    made on the CPU), that `isinstance(g, torch.Generator)` still recognises."""

    def __new__(cls, device: Any = "cpu") -> torch.Generator:  # type: ignore[misc]
        return torch._C.Generator(_to_cpu(device))


def _from_numpy(original: Callable[[Any], torch.Tensor]) -> Callable[[Any], torch.Tensor]:
    """`torch.from_numpy`, which no TorchFunctionMode sees, noting where a float64 tensor
    is made."""
    def from_numpy(array: Any) -> torch.Tensor:
        tensor = original(array)
        if tensor.dtype in _WIDE:
            _MADE[tensor] = (_user_line(), "F64003")
        return tensor

    return from_numpy


def _load(original: Callable[..., Any]) -> Callable[..., Any]:
    """`torch.load(f, map_location="mps")`: loaded on the CPU, its tensors on MPS."""
    def load(*args: Any, **kwargs: Any) -> Any:
        if not _is_mps(kwargs.get("map_location")):
            return original(*args, **kwargs)
        loaded = original(*args, **{**kwargs, "map_location": "cpu"})
        for tensor in _tensors(loaded):
            if tensor.dtype in _WIDE:  # a float64 checkpoint cannot be loaded onto MPS
                raise mps_error(tensor.dtype)
            _place_on_mps(tensor)
        return loaded

    return load


def _parameter_new(original: Callable[..., Any]) -> Callable[..., Any]:
    """`nn.Parameter(data)` (unseen by a TorchFunctionMode too) keeps data's place on MPS."""
    def new(cls: type, data: Optional[torch.Tensor] = None, requires_grad: bool = True) -> Any:
        parameter = original(cls, data, requires_grad)
        if data is not None and on_mps(data):
            _place_on_mps(parameter)
        return parameter

    return new


@contextlib.contextmanager
def mps_emulation() -> Iterator[None]:
    """A context manager: inside it, `"mps"` behaves like Apple's MPS for dtypes and devices.
    Entered again inside itself (a marker under `--mps-emulation`), it changes nothing."""
    if torch.backends.mps.is_available is _available:
        yield
        return
    mode = _MpsEmulation()

    def set_default_device(device: Any) -> None:
        mode.default_on_mps = _is_mps(device)
        if not mode.default_on_mps:
            original_set_default_device(device)

    original_set_default_device = torch.set_default_device
    with contextlib.ExitStack() as stack:
        for target, value in (
            ("torch.backends.mps.is_available", _available),
            ("torch.backends.mps.is_built", lambda: True),
            ("torch.mps.synchronize", lambda: None),
            ("torch.mps.empty_cache", lambda: None),
            ("torch.mps.manual_seed", lambda seed: None),  # the CPU's generator makes its tensors
            ("torch.mps.current_allocated_memory", lambda: 0),
            ("torch.mps.driver_allocated_memory", lambda: 0),
            ("torch.mps.recommended_max_memory", lambda: 0),
            ("torch.mps.device_count", lambda: 1),
            ("torch.set_default_device", set_default_device),
            ("torch.get_default_device", lambda: _MPS if mode.default_on_mps else torch.device("cpu")),
            ("torch.Generator", _Generator),
            ("torch.from_numpy", _from_numpy(torch.from_numpy)),
            ("torch.load", _load(torch.load)),
            *_accelerator(),
        ):
            stack.enter_context(mock.patch(target, value))
        new = _parameter_new(torch.nn.Parameter.__new__)
        stack.enter_context(mock.patch.object(torch.nn.Parameter, "__new__", staticmethod(new)))
        stack.enter_context(mode)
        stack.callback(_ON_MPS.clear)
        stack.callback(_MADE.clear)
        yield


def assert_close_to_cpu_float64(
    fn: Callable[..., Any], *inputs: Any, rtol: float = 1e-4, atol: float = 1e-5, device: str = "mps"
) -> None:
    """Run `fn` in float32 on the (emulated) MPS device and in float64 on the CPU, and
    compare: the acceptance test for a fix that drops float64 on MPS. Floating tensors
    among `inputs` are cast for each run; the worst error is reported on failure."""

    def cast(dtype: torch.dtype, where: str) -> Callable[[Any], Any]:
        def one(value: Any) -> Any:
            if isinstance(value, torch.Tensor):
                return value.to(where, dtype=dtype) if value.is_floating_point() else value.to(where)
            return value
        return one

    reference = fn(*tree_map(cast(torch.float64, "cpu"), inputs))
    with mps_emulation():
        result = fn(*tree_map(cast(torch.float32, device), inputs))
        result = tree_map(lambda t: t.cpu() if isinstance(t, torch.Tensor) else t, result)
    expected, _ = tree_flatten(reference)
    got, _ = tree_flatten(result)
    if len(expected) != len(got):
        raise AssertionError(f"float64 CPU run gave {len(expected)} values, the float32 {device} run {len(got)}")
    for number, (want, have) in enumerate(zip(expected, got)):
        if not isinstance(want, torch.Tensor):
            continue
        want64, have64 = want.double(), have.double()
        error = (want64 - have64).abs()
        allowed = atol + rtol * want64.abs()
        if bool((error > allowed).any()):
            worst = int(torch.argmax(error - allowed))
            index = tuple(int(i) for i in torch.unravel_index(torch.tensor(worst), want.shape)) if want.dim() else ()
            raise AssertionError(
                f"output {number}: float32 on {device} differs from float64 on the CPU beyond rtol={rtol}, "
                f"atol={atol}; worst at index {index}: {float(have64.flatten()[worst])} vs "
                f"{float(want64.flatten()[worst])} (absolute error {float(error.flatten()[worst]):.3g})"
            )
