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

Needs PyTorch 2.13 to 2.14.1 (CI runs the emulation's tests on both).
"""

from __future__ import annotations

import ast
import contextlib
import functools
import inspect
import linecache
import os
import pkgutil
import sys
import threading
import weakref
from types import FrameType
from typing import Any, Callable, Dict, Iterator, List, NamedTuple, Optional, Set, Tuple
from unittest import mock

import torch
from torch.overrides import TorchFunctionMode
from torch.utils._device import _device_constructors
from torch.utils._pytree import tree_flatten, tree_map
from torch.utils.weak import WeakIdKeyDictionary

from f64lint.observed import Observation, Place, merged


class _Marks:
    """Tensors marked as on MPS, by identity, held weakly: asked of every tensor of every
    call, so a dict lookup by `id` (an entry whose tensor is gone, or whose `id` a new
    tensor took, answers no; such entries are dropped as the dict grows). No weakref
    callbacks: PyTorch's compiler, tracing this code, cannot guard on one."""

    def __init__(self) -> None:
        self._refs: Dict[int, weakref.ref] = {}
        self._pruned_at = 1024

    def __contains__(self, tensor: torch.Tensor) -> bool:
        ref = self._refs.get(id(tensor))
        return ref is not None and ref() is tensor

    def add(self, tensor: torch.Tensor) -> None:
        self._refs[id(tensor)] = weakref.ref(tensor)
        if len(self._refs) > self._pruned_at:
            self._refs = {key: ref for key, ref in self._refs.items() if ref() is not None}
            self._pruned_at = max(1024, 2 * len(self._refs))

    def discard(self, tensor: torch.Tensor) -> None:
        if tensor in self:
            del self._refs[id(tensor)]

    def tensors(self) -> List[torch.Tensor]:
        return [t for t in (ref() for ref in list(self._refs.values())) if t is not None]

    def clear(self) -> None:
        self._refs.clear()


# The tensors on the emulated device, and where float64 tensors were made (with the rule
# for the shape): kept beside the tensors, never on them, so nothing of it is pickled.
_ON_MPS = _Marks()
_MADE: WeakIdKeyDictionary = WeakIdKeyDictionary()
# What the backend keeps on the host beside MPS data (a packed sequence's batch sizes), and
# the generators made for "mps" (CPU generators here).
_ON_HOST: WeakIdKeyDictionary = WeakIdKeyDictionary()
_MPS_GENERATORS: WeakIdKeyDictionary = WeakIdKeyDictionary()
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
# Calls whose first result is on the device and the others (a packed sequence's batch sizes,
# a padded one's lengths) on the host, as on the backend.
_HOST_SIDE_RESULTS = frozenset({torch._pack_padded_sequence, torch._pad_packed_sequence})
_FACTORIES = frozenset(_device_constructors())
_HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep
_TORCH = os.path.dirname(os.path.abspath(torch.__file__)) + os.sep


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
        _ON_MPS.add(tensor)
    else:
        _ON_MPS.discard(tensor)


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


def _tensors(value: Any) -> List[torch.Tensor]:
    """The tensors in a call's arguments or results, in tuples, lists and dicts however
    nested (named tuples and output classes that are dicts among them): walked by hand,
    since every call a mode sees pays for it."""
    found: List[torch.Tensor] = []
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, torch.Tensor):
            found.append(item)
        elif isinstance(item, (tuple, list)):
            pending.extend(item)
        elif isinstance(item, dict):
            pending.extend(item.values())
    return found


def _on_the_cpu(args: Tuple[Any, ...], kwargs: Dict[str, Any]) -> Tuple[Tuple[Any, ...], Dict[str, Any]]:
    """A call's arguments with the MPS device named as the CPU (a device is an argument of
    its own: `.to("mps")`, `device=`), unchanged when none is. (No `map` of a function in
    code PyTorch's compiler traces: it cannot guard on one.)"""
    if any(_is_mps(value) for value in args):
        args = tuple(_to_cpu(value) for value in args)
    if any(_is_mps(value) for value in kwargs.values()):
        kwargs = {name: _to_cpu(value) for name, value in kwargs.items()}
    return args, kwargs


def _user_frame() -> Optional[FrameType]:
    """The innermost frame of the user's code (not torch's, not ours); none while PyTorch's
    compiler traces the call (it runs again when the code runs)."""
    if torch.compiler.is_compiling():
        return None
    frame: Optional[FrameType] = sys._getframe(1)
    while frame is not None:
        where = frame.f_code.co_filename
        if not where.startswith((_HERE, _TORCH, "<")) and "contextlib" not in where:
            return frame
        frame = frame.f_back
    return None


def _place_of(frame: FrameType) -> Place:
    """The line a frame runs, its path absolute and its text not read."""
    code = frame.f_code
    qualified = getattr(code, "co_qualname", code.co_name)  # Python 3.11+
    function = "" if qualified == "<module>" else qualified.replace(".<locals>", "")
    return Place(code.co_filename, frame.f_lineno, function, "")


def _user_place() -> Optional[Place]:
    frame = _user_frame()
    return _place_of(frame) if frame is not None else None


def _made_here(call: str, rule: Optional[str]) -> "_Made":
    frame = _user_frame()
    if frame is None:
        return _Made(None, call, rule)
    return _Made(_place_of(frame), call, rule, frame.f_globals)


def _call_name(func: Callable) -> str:
    """`torch.tensor`, `Tensor.double`: what made a tensor, as its users write it."""
    name = getattr(func, "__name__", "")
    return f"Tensor.{name}" if getattr(torch.Tensor, name, None) is func else f"torch.{name}"


class _Made(NamedTuple):
    """Where a wide tensor was made, by what, the rule that finds that shape, and the
    names of the module that made it."""

    place: Optional[Place]
    call: str
    rule: Optional[str]
    names: Optional[Dict[str, Any]] = None


_OF_DATA = frozenset({"torch.tensor", "torch.as_tensor", "torch.asarray", "torch.from_numpy"})


def _data_maker(made: _Made) -> Optional[Place]:
    """The function whose result a tensor was made of (`torch.from_numpy(load_offsets(p))`),
    read from the making line's text and the names of its module: its file, the line of its
    `def` and its name with its module's. None for a line that is not a whole statement, a
    maker that is not a function defined at the top of a module (a lambda, a method)."""
    if made.place is None or made.names is None or made.call not in _OF_DATA:
        return None
    try:
        tree = ast.parse(linecache.getline(made.place.path, made.place.line).strip())
    except SyntaxError:
        return None
    called = made.call.rpartition(".")[2]
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and _dotted(node.func).endswith(called) and node.args):
            continue
        data = node.args[0]
        parts = _dotted(data.func).split(".") if isinstance(data, ast.Call) else [""]
        maker = made.names.get(parts[0])
        for part in parts[1:]:
            maker = getattr(maker, part, None)
        code, name = getattr(maker, "__code__", None), getattr(maker, "__qualname__", ".")
        if code is not None and "." not in name and "<" not in name:
            return Place(code.co_filename, code.co_firstlineno, f"{maker.__module__}.{name}", "")
    return None


def _dotted(node: ast.expr) -> str:
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return node.id if isinstance(node, ast.Name) else ""


class Sightings:
    """What the emulation saw reach MPS: each wide tensor's making and reaching lines, with
    the test that saw them (pytest names the test that runs in `PYTEST_CURRENT_TEST`; its
    plugin writes them down at the end of the session: f64lint/observed.py)."""

    def __init__(self) -> None:
        self._seen: Set[Observation] = set()

    def saw(self, made: Place, reached: Place, dtype: torch.dtype, call: str, data_from: Optional[Place]) -> None:
        running = os.environ.get("PYTEST_CURRENT_TEST")  # "tests/test_x.py::test_y (call)"
        tests = (running.rsplit(" ", 1)[0],) if running else ()
        self._seen.add(Observation(made, reached, _WIDE[dtype], call, tests, data_from))

    def observations(self) -> List[Observation]:
        """One observation for each making and reaching, with all the tests that saw it."""
        return merged([], self._seen, ())

    def clear(self) -> None:
        self._seen.clear()


SIGHTINGS = Sightings()


def _rule_for(func: Callable, args: Tuple[Any, ...], kwargs: Dict[str, Any]) -> Optional[str]:
    """The f64lint rule that finds this shape statically, when there is one."""
    if func in (torch.Tensor.double, _CDOUBLE):
        return "F64002"
    if kwargs.get("dtype") in _WIDE or any(isinstance(arg, torch.dtype) and arg in _WIDE for arg in args[1:]):
        return "F64001"
    if func in (torch.tensor, torch.as_tensor, torch.asarray) and args and type(args[0]).__module__ == "numpy":
        return "F64003"
    return None


_NOT_A_PROPERTY = object()
_DEVICE, _IS_MPS, _IS_CPU, _DATA = torch.Tensor.device, torch.Tensor.is_mps, torch.Tensor.is_cpu, torch.Tensor.data


def _property(descriptor: Any, func: Callable, args: Tuple[Any, ...], kwargs: Dict[str, Any]) -> Any:
    """A tensor property as on MPS (`device`, `is_mps`, `is_cpu`), or `param.data = moved`
    (nn.Module.to: the parameter is where its new data is); else `_NOT_A_PROPERTY`."""
    if descriptor is _DEVICE and on_mps(args[0]):
        return _MPS
    if descriptor is _IS_MPS:
        return on_mps(args[0])
    if descriptor is _IS_CPU and on_mps(args[0]):
        return False
    if descriptor is _DATA and getattr(func, "__name__", "") == "__set__":
        func(*args, **kwargs)
        _place_on_mps(args[0], on_mps(args[1]))
        return None
    return _NOT_A_PROPERTY


class _MpsEmulation(TorchFunctionMode):
    def __init__(self) -> None:
        super().__init__()
        self.default_on_mps = False  # `torch.set_default_device("mps")`

    def __torch_function__(self, func, types, args=(), kwargs=None):
        __tracebackhide__ = True  # pytest shows the user's line that raised, not this one
        if _Traced.call is not None and torch.compiler.is_compiling():
            return _Traced.call(self, func, types, args, kwargs)
        return self.emulated(func, types, args, kwargs)

    def emulated(self, func, types, args=(), kwargs=None):
        __tracebackhide__ = True
        kwargs = kwargs or {}
        if func in _PASS_THROUGH:  # `torch.device("mps")` and nn.Module.to's parsing keep "mps"
            return func(*args, **kwargs)
        descriptor = getattr(func, "__self__", None)
        if descriptor is not None:
            answered = _property(descriptor, func, args, kwargs)
            if answered is not _NOT_A_PROPERTY:
                return answered
        if func is torch.Tensor.get_device and on_mps(args[0]):
            return 0
        if func is torch.Tensor.numpy and on_mps(args[0]):
            raise TypeError(
                "can't convert mps:0 device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host "
                "memory first."
            )
        if self.default_on_mps and func in _FACTORIES and kwargs.get("device") is None:
            kwargs = {**kwargs, "device": _MPS}
        tensors = _tensors((args, kwargs))
        target = _target_device(func, args, kwargs)
        if target is not None:
            result_on_mps = _is_mps(target)
        else:
            result_on_mps = func not in _OFF_DEVICE and any(on_mps(t) for t in tensors)
            if result_on_mps and func not in _ACROSS_DEVICES:
                _check_one_device(tensors)
        if kwargs.get("generator") is not None:
            _check_generator(kwargs["generator"], result_on_mps)
        args, kwargs = _on_the_cpu(args, kwargs)
        if result_on_mps and func is torch.Tensor.to:
            # Check the dtype before the copy, as the backend does.
            dtype = _dtype_asked(args, kwargs) or args[0].dtype
            if dtype in _WIDE:
                raise _located(mps_error(dtype), dtype, func, args, kwargs, args[0])
        result = func(*args, **kwargs)
        results = _tensors(result)
        if result_on_mps:
            for tensor in results:
                if tensor.dtype in _WIDE:
                    error = mps_error(tensor.dtype) if target is not None or func in _CONVERSIONS else (
                        mps_op_error(tensor.dtype))
                    made = next((t for t in tensors if t.dtype in _WIDE), None)
                    raise _located(error, tensor.dtype, func, args, kwargs, made)
            off_mps = [t for t in tensors if not on_mps(t)]
            if any(r is t for r in results for t in off_mps):
                # a move to MPS copies: `x.to("mps")` of a CPU `x` is not `x` itself
                result = tree_map(lambda t: t.clone() if any(t is o for o in off_mps) else t, result)
            placed = result
            if func in _HOST_SIDE_RESULTS:
                placed = result[:1]
                for tensor in result[1:]:
                    _ON_HOST[tensor] = True
            for tensor in _tensors(placed):
                _place_on_mps(tensor)
            return result
        if func in _OFF_DEVICE or target is not None:
            for tensor in results:
                if on_mps(tensor):
                    # `.to("cpu")` of a CPU tensor returns the tensor itself: copy the mark off.
                    result = tree_map(lambda t: t.clone() if t is tensor else t, result)  # noqa: B023 (used at once)
            results = _tensors(result)
        for tensor in results:
            if tensor.dtype in _WIDE and tensor not in _MADE:
                _MADE[tensor] = _made_here(_call_name(func), _rule_for(func, args, kwargs))
        return result



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


def _check_one_device(tensors: List[torch.Tensor]) -> None:
    """An operation on an MPS tensor and a CPU tensor fails on the real backend (a
    0-dimensional CPU tensor, like a Python number, is allowed)."""
    for tensor in tensors:
        if not on_mps(tensor) and tensor.dim() > 0 and tensor.device.type == "cpu" and tensor not in _ON_HOST:
            raise RuntimeError("Expected all tensors to be on the same device, but found at least two devices, "
                               "mps:0 and cpu!")


def _check_generator(generator: torch.Generator, on_mps: bool) -> None:
    """A random tensor made with a generator of another device fails on the real backend."""
    wanted, found = ("mps", "cpu") if on_mps else ("cpu", "mps")
    if (generator in _MPS_GENERATORS) != on_mps:
        raise RuntimeError(f"Expected a '{wanted}' device type for generator but found '{found}'")


def _located(error: Exception, dtype: torch.dtype, func: Callable, args: Tuple[Any, ...], kwargs: Dict[str, Any],
             made: Optional[torch.Tensor], call: Optional[str] = None) -> Exception:
    """The error with a note: where the float64 value was made, and the rule that finds it
    there (or, for a move of a float64 tensor made elsewhere, F64004). The sighting is
    kept (`SIGHTINGS`)."""
    found = _MADE.get(made) if made is not None else None
    if found is None or found.place is None:
        found = _made_here(call or _call_name(func), _rule_for(func, args, kwargs))
    rule = "F64004" if found.rule is None and func is torch.Tensor.to else found.rule
    reached = _user_place()
    if found.place is not None and reached is not None:
        SIGHTINGS.saw(found.place, reached, dtype, found.call, _data_maker(found))
    where = f"{found.place.path}:{found.place.line}" if found.place is not None else None
    note = f"f64lint: the float64 value was made at {where}" if where else "f64lint: float64 reached MPS"
    if rule is not None:
        note += f" (see `f64lint --explain {rule}`)"
    add_note = getattr(error, "add_note", None)
    if add_note is not None:  # Python 3.11+
        add_note(note)
    return error


def _answering(value: Any) -> Callable[..., Any]:
    def answer(*args: Any, **kwargs: Any) -> Any:
        return value

    return answer


def _asked_by_torch() -> bool:
    """Whether the caller of a stand-in is PyTorch's own code: its compiler, say, asks what
    the machine has and then uses it, so it gets the machine's own answer."""
    return sys._getframe(2).f_code.co_filename.startswith(_TORCH)


def _like(original: Callable[..., Any]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A decorator: the function takes `original`'s name, docs and signature, without the
    `__wrapped__` that would lead back to it."""
    def dress(function: Callable[..., Any]) -> Callable[..., Any]:
        functools.update_wrapper(function, original)
        del function.__wrapped__  # type: ignore[attr-defined]
        with contextlib.suppress(ValueError):  # a builtin may have none
            function.__signature__ = inspect.signature(original)  # type: ignore[attr-defined]
        return function

    return dress


def _stand_in(original: Callable[..., Any], emulated: Callable[..., Any]) -> Callable[..., Any]:
    """`emulated` in `original`'s place, answering the project's code as a Mac would. An
    `lru_cache`d original has a `__wrapped__`, which PyTorch's compiler reads: so has the
    stand-in, the emulated answer unwrapped."""
    @_like(original)
    def stand_in(*args: Any, **kwargs: Any) -> Any:
        if _asked_by_torch():
            return original(*args, **kwargs)
        return emulated(*args, **kwargs)

    if hasattr(original, "__wrapped__"):
        stand_in.__wrapped__ = emulated  # type: ignore[attr-defined]
    return stand_in


def _accelerator() -> Tuple[Tuple[str, Any], ...]:
    """`torch.accelerator` (PyTorch 2.6+) says MPS too."""
    if not hasattr(torch, "accelerator"):
        return ()
    return (
        ("torch.accelerator.is_available", _answering(True)),
        ("torch.accelerator.current_accelerator", _answering(torch.device("mps"))),
        ("torch.accelerator.device_count", _answering(1)),
        ("torch.accelerator.synchronize", _answering(None)),
    )


class _GeneratorType(type):
    def __instancecheck__(cls, instance: Any) -> bool:
        return isinstance(instance, torch._C.Generator)


class _Generator(metaclass=_GeneratorType):
    """`torch.Generator(device="mps")`: a CPU generator (the emulated device's tensors are
    made on the CPU), that `isinstance(g, torch.Generator)` still recognises."""

    def __new__(cls, device: Any = "cpu") -> torch.Generator:  # type: ignore[misc]
        generator = torch._C.Generator(_to_cpu(device))
        if _is_mps(device):
            _MPS_GENERATORS[generator] = True
        return generator


def _from_numpy(original: Callable[[Any], torch.Tensor]) -> Callable[[Any], torch.Tensor]:
    """`torch.from_numpy`, which no TorchFunctionMode sees, noting where a float64 tensor
    is made."""
    @_like(original)
    def from_numpy(array: Any) -> torch.Tensor:
        tensor = original(array)
        if tensor.dtype in _WIDE:
            _MADE[tensor] = _made_here("torch.from_numpy", "F64003")
        return tensor

    return from_numpy


class _Traced:
    """What PyTorch's compiler, tracing code under the emulation, calls instead of reading
    the emulation itself, which it cannot put in a graph (it keeps Python tables of
    tensors): the emulation behind `torch.compiler.disable`, so the graph breaks there and
    those operations run as they are. Set once the compiler is loaded (loading it costs
    more than a second: not before the project uses it)."""

    call: Optional[Callable[..., Any]] = None

    @classmethod
    def prepare(cls) -> None:
        if cls.call is None and "torch._dynamo" in sys.modules:
            cls.call = torch.compiler.disable(_MpsEmulation.emulated)


def _compile(original: Callable[..., Any]) -> Callable[..., Any]:
    """`torch.compile`: the graph breaks at each operation the emulation sees (`_Traced`);
    `fullgraph=True`, which makes a graph break an error, is not kept."""
    @_like(original)
    def compile(*args: Any, **kwargs: Any) -> Any:
        compiled = original(*args, **{**kwargs, "fullgraph": False})
        _Traced.prepare()
        return compiled

    return compile


def _save(original: Callable[..., Any]) -> Callable[..., Any]:
    """`torch.save`: tensors on MPS are saved as the backend saves them, located on "mps:0"."""
    @_like(original)
    def save(*args: Any, **kwargs: Any) -> Any:
        on_mps = {tensor.untyped_storage().data_ptr() for tensor in _ON_MPS.tensors()}
        location_tag = torch.serialization.location_tag

        def located(storage: Any) -> str:
            return "mps:0" if storage.data_ptr() in on_mps else location_tag(storage)

        with mock.patch("torch.serialization.location_tag", located):
            return original(*args, **kwargs)

    return save


def _load(original: Callable[..., Any]) -> Callable[..., Any]:
    """`torch.load`: tensors saved from MPS, or all with `map_location="mps"`, are loaded on
    the CPU and placed on MPS (a float64 one cannot be: it raises)."""
    @_like(original)
    def load(*args: Any, **kwargs: Any) -> Any:
        map_location = kwargs.get("map_location")
        all_on_mps = _is_mps(map_location)
        if map_location is not None and not all_on_mps:
            return original(*args, **kwargs)
        from_mps = set()

        def restore(storage: Any, location: str) -> Any:
            if all_on_mps or _is_mps(location):
                from_mps.add(storage.data_ptr())
                return storage
            return None  # where it was saved

        loaded = original(*args, **{**kwargs, "map_location": restore})
        module = isinstance(loaded, torch.nn.Module)
        for tensor in loaded.state_dict(keep_vars=True).values() if module else _tensors(loaded):
            if tensor.untyped_storage().data_ptr() in from_mps:
                if tensor.dtype in _WIDE:
                    raise _located(mps_error(tensor.dtype), tensor.dtype, original, args, kwargs, None, "torch.load")
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


def _script_call(original: Callable[..., Any]) -> Callable[..., Any]:
    """Calling TorchScript code, which runs in C++ where no TorchFunctionMode sees: its
    results are on MPS when one of its tensor inputs is, and float64 there raises."""
    @_like(original)
    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        __tracebackhide__ = True
        inputs = _tensors((args, kwargs))
        inputs_on_mps = any(on_mps(t) for t in inputs)
        if inputs_on_mps:
            _check_one_device(inputs)
        result = original(self, *args, **kwargs)
        if inputs_on_mps:
            for tensor in _tensors(result):
                if tensor.dtype in _WIDE:
                    error = mps_op_error(tensor.dtype)
                    raise _located(error, tensor.dtype, original, args, kwargs, None, "TorchScript")
                _place_on_mps(tensor)
        return result

    return call


def _thread_start(original: Callable[[threading.Thread], None], mode: TorchFunctionMode) -> Callable[..., None]:
    """`Thread.start` inside the emulation: the thread runs inside it too (a TorchFunctionMode
    is the entering thread's own), while the emulation lasts."""
    @_like(original)
    def start(thread: threading.Thread) -> None:
        run = thread.run

        def run_emulated() -> None:
            if not _Entered.on:
                run()
                return
            with mode:
                run()

        thread.run = run_emulated  # type: ignore[method-assign]
        original(thread)

    return start


def _patch(stack: contextlib.ExitStack, target: str, emulated: Callable[..., Any]) -> None:
    owner_name, name = target.rsplit(".", 1)
    owner = pkgutil.resolve_name(owner_name)
    stack.enter_context(mock.patch.object(owner, name, _stand_in(getattr(owner, name), emulated)))


class _Entered:
    """Whether the emulation is on (entered again inside itself, it changes nothing)."""

    on = False


@contextlib.contextmanager
def mps_emulation() -> Iterator[None]:
    """A context manager: inside it, `"mps"` behaves like Apple's MPS for dtypes and devices.
    Entered again inside itself (a marker under `--mps-emulation`), it changes nothing."""
    if _Entered.on:
        yield
        return
    mode = _MpsEmulation()

    def set_default_device(device: Any) -> None:
        mode.default_on_mps = _is_mps(device)
        if not mode.default_on_mps:
            original_set_default_device(device)

    original_set_default_device = torch.set_default_device
    with contextlib.ExitStack() as stack:
        for target, emulated in (
            ("torch.backends.mps.is_available", _answering(True)),
            ("torch.backends.mps.is_built", _answering(True)),
            ("torch.mps.synchronize", _answering(None)),
            ("torch.mps.empty_cache", _answering(None)),
            ("torch.mps.manual_seed", _answering(None)),  # the CPU's generator makes its tensors
            ("torch.mps.current_allocated_memory", _answering(0)),
            ("torch.mps.driver_allocated_memory", _answering(0)),
            ("torch.mps.recommended_max_memory", _answering(0)),
            ("torch.mps.device_count", _answering(1)),
            ("torch.set_default_device", set_default_device),
            ("torch.get_default_device", lambda: _MPS if mode.default_on_mps else _CPU),
            *_accelerator(),
        ):
            _patch(stack, target, emulated)
        for target, value in (
            ("torch.Generator", _Generator),
            ("torch.from_numpy", _from_numpy(torch.from_numpy)),
            ("torch.load", _load(torch.load)),
            ("torch.save", _save(torch.save)),
            ("torch.compile", _compile(torch.compile)),
        ):
            stack.enter_context(mock.patch(target, value))
        new = _parameter_new(torch.nn.Parameter.__new__)
        stack.enter_context(mock.patch.object(torch.nn.Parameter, "__new__", staticmethod(new)))
        for script in (torch._C.ScriptFunction, torch._C.ScriptMethod):
            stack.enter_context(mock.patch.object(script, "__call__", _script_call(script.__call__)))
        stack.enter_context(mock.patch.object(threading.Thread, "start", _thread_start(threading.Thread.start, mode)))
        _Traced.prepare()  # code compiled before the emulation began
        stack.enter_context(mode)
        for table in (_ON_MPS, _MADE, _ON_HOST, _MPS_GENERATORS):
            stack.callback(table.clear)
        _Entered.on = True
        stack.callback(setattr, _Entered, "on", False)
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
