"""Where a float64 tensor made by a call may be: provably on the CPU, cast down before it
can move, kept safe wherever this module shows it going, or on a device that may be MPS.
The answers the rules share, on the semantic record, the domain facts and flow."""

from __future__ import annotations

from typing import Collection, Iterator, List, Optional, Sequence, Tuple

from f64lint.analysis.domain.casts import DEFAULT_DTYPE_FACTORIES, cast_down_before_move
from f64lint.analysis.domain.devices import (
    feeds_onnx_constant,
    following_calls,
    holds_no_data,
    is_cpu_device,
    moves_to_cpu,
    received_over_rpc,
    receiver_chain,
)
from f64lint.analysis.domain.dtypes import (
    FLOAT64_CAST_METHODS,
    Dtype,
    DtypeUse,
    Spelling,
    Width,
    dtype_of,
    dtype_uses,
    implements_conversion_api,
    splatting,
)
from f64lint.analysis.domain.library import SCALAR_TENSORS
from f64lint.analysis.evaluation.lattice import Kind, Place, place_of
from f64lint.analysis.flow.analysis import Analysis
from f64lint.analysis.flow.values import WIDE_DTYPES
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import argument_for, keyword, method_name, moved_to, positional
from f64lint.analysis.syntax.nodes import keyed, own_nodes
from f64lint.cst import cst


def is_cpu_pinned(analysis: Analysis, call: cst.Call) -> bool:
    """Does the tensor this call makes or converts provably stay on the CPU?

    Yes when the call names the CPU (`device="cpu"`, `.to("cpu", ...)`), runs inside
    `with torch.device("cpu"):` or other code that never runs on MPS, acts on a tensor
    already moved there (`x.cpu().double()`), feeds `.numpy()`, which only works for CPU
    tensors, is handed to an API with no MPS backend (torch.distributed, quantized ops) or
    was received from torch.distributed.rpc, or goes to an API that picks the CPU or CUDA
    by a flag (`cuda=True`) and takes no device.
    """
    facts = analysis.facts
    if analysis.guards.off_mps(call) or moves_to_cpu(facts, call) or feeds_onnx_constant(facts, call):
        return True
    if keyword(call, "cuda") is not None and keyword(call, "device") is None:
        return True  # `FuzzedTensor(..., cuda=cuda)`: the CPU or CUDA, by a flag
    if analysis.flow.handed_to_api_without_mps(call):
        return True
    if _acts_on_the_cpu(analysis, call):
        return True
    if any(moves_to_cpu(facts, inner) or received_over_rpc(facts, inner) for inner in receiver_chain(facts, call)):
        return True
    return _feeds_numpy_where_it_is(facts, call)


def _acts_on_the_cpu(analysis: Analysis, call: cst.Call) -> bool:
    """A factory given a CPU device (`device=x.device` of a CPU `x`) or the meta device
    (no data anywhere), or a cast that does not move a tensor the evaluator reads as on
    the CPU."""
    device = keyword(call, "device")
    if device is not None:
        return holds_no_data(analysis.facts, device) or _device_on_cpu(analysis, device)
    if isinstance(call.func, cst.Attribute) and analysis.facts.qualified_name(call.func) is None:
        moved = moved_to(call)
        if (
            moved is not None
            and dtype_of(analysis.facts, moved[0]) is None
            and not _device_on_cpu(analysis, moved[0])
        ):
            return False  # moved to a device
        return _on_cpu(analysis, call.func.value)
    return False


def _on_cpu(analysis: Analysis, node: cst.BaseExpression) -> bool:
    """Is a tensor on the CPU on every path the evaluator reads to it, put there on purpose
    on one (`.cpu()`, `device="cpu"`, NumPy data), as code that computes metrics or
    references on the CPU does? (One made there only by default may still be moved.)"""
    return place_of(analysis.flow.evaluation.value(node)) is Place.CPU


def _device_on_cpu(analysis: Analysis, node: cst.BaseExpression) -> bool:
    """A device that is the CPU: `"cpu"`, or `x.device` of a tensor on the CPU."""
    value = analysis.flow.evaluation.value(node)
    return value.kind is Kind.DEVICE and value.place is Place.CPU


def _feeds_numpy_where_it_is(facts: ModuleFacts, call: cst.Call) -> bool:
    """`x.double().numpy()`: `.numpy()` works only on a CPU tensor, so `x` was on the CPU.
    Not `x.double().cpu().numpy()`: there the conversion runs where `x` is, which may be
    MPS (Whisper's word timestamps crashed so), and only its result moves to the CPU."""
    for outer in following_calls(facts, call):
        method = method_name(outer)
        if method == "numpy":
            return True
        if method in ("cpu", "to", "cuda"):
            return False
    return False


def known_narrow_before(analysis: Analysis, call: cst.Call) -> bool:
    """Is the value a method call acts on already 32-bit or narrower on every path the
    evaluator reads to it: cast earlier in the chain (`x.float().to(device)`), made by a
    factory with the default dtype (`torch.zeros(3).to(device)`), a name or `self.`
    attribute only ever given such values, arithmetic of them?"""
    receiver = call.func.value if isinstance(call.func, cst.Attribute) else None
    return receiver is not None and analysis.flow.evaluation.value(receiver).known_narrow


def reaches_mps(analysis: Analysis, use: DtypeUse) -> bool:
    """Does the tensor made with this dtype end up on a device that may be MPS? For a dict
    of keyword arguments: is it splatted into a call that does, or that its own `"device"`
    (one that may be MPS) sends there (`torch.zeros(3, **tkwargs)`, `x.to(**tkwargs)`)?"""
    if isinstance(use.holder, cst.Call):
        return analysis.flow.reaches_device(use.holder)
    if not isinstance(use.holder, cst.Dict):
        return False
    device = _device_kept(use.holder)
    sends = device is not None and analysis.flow.may_lack_float64(device)
    return any(
        (sends and not analysis.guards.off_mps(call)) or analysis.flow.reaches_device(call)
        for call in splatting(analysis.facts, use.holder)
    )


def _device_kept(kept: cst.Dict) -> Optional[cst.BaseExpression]:
    """The `"device"` of a dict of keyword arguments, if it has one."""
    return next((element.value for element in kept.elements if keyed(element, "device")), None)


def wide_dtype_uses(
    analysis: Analysis, width: Width, spellings: Collection[Spelling]
) -> Iterator[Tuple[DtypeUse, Dtype, cst.BaseExpression]]:
    """Uses of a float64 (or complex128) dtype, spelled one of `spellings`, that may end up
    on an accelerator, with where the dtype is written (for the fix): uses pinned to the
    CPU are left out, and so is one whose dtype is written as another use (a caller's
    `dtype=torch.float64`, a parameter's default, read in the helper's `torch.ones(n,
    dtype=dtype)`): that use says it, where it is written."""
    uses = list(dtype_uses(analysis.facts))
    written_as_uses = {id(use.value) for use in uses}
    for use, dtype, written in _wide_dtype_uses(analysis, uses, width, spellings):
        if written is use.value or id(written) not in written_as_uses:
            yield use, dtype, written


def _wide_dtype_uses(
    analysis: Analysis, uses: Sequence[DtypeUse], width: Width, spellings: Collection[Spelling]
) -> Iterator[Tuple[DtypeUse, Dtype, cst.BaseExpression]]:
    facts = analysis.facts
    for use in uses:
        spelled = _spelled(analysis, use.value)
        if spelled is None:
            continue
        dtype, written = spelled
        if dtype.width is not width or dtype.spelling not in spellings:
            continue
        if isinstance(use.holder, cst.Call) and (
            is_cpu_pinned(analysis, use.holder)
            or made_on_cpu_and_kept_there(analysis, use.holder)
            or _given_to_factories_kept_on_cpu(analysis, use)
            or analysis.containment.ends_on_the_host(use.holder)
        ):
            continue
        if isinstance(use.holder, cst.Param) and _only_given_off_mps(analysis, use.holder):
            continue
        if isinstance(use.holder, cst.Dict) and analysis.guards.off_mps(use.holder):
            continue  # keyword arguments in code that never runs on MPS, as a call there is pinned
        device = _device_kept(use.holder) if isinstance(use.holder, cst.Dict) else None
        if device is not None and is_cpu_device(facts, device):
            continue  # keyword arguments for the CPU
        if implements_conversion_api(facts, use.value):
            continue
        yield use, dtype, written


def _spelled(analysis: Analysis, value: cst.BaseExpression) -> Optional[Tuple[Dtype, cst.BaseExpression]]:
    """The dtype a use holds, as the evaluator reads it (`torch.float64` of `self.dtype =
    torch.float64`, for `dtype=self.dtype`; of the bindings of a name that reach it on
    MPS), and where it is written, for its fix: the use itself where it spells that dtype
    (a name the fixer follows), else where the evaluator finds it written."""
    read = analysis.flow.evaluation.spelled(value)
    if read is None:
        return None
    spelled = dtype_of(analysis.facts, value)
    return (spelled, value) if spelled is not None and spelled.width is read[0].width else read


def _only_given_off_mps(analysis: Analysis, param: cst.Param) -> bool:
    """Is a dtype parameter only ever passed on to calls pinned off MPS (`def fuzz(dtype=
    torch.float64, cuda=False)` handing both to `FuzzedTensor(dtype=dtype, cuda=cuda)`)?"""
    facts = analysis.facts
    reads = analysis.facts.parameter_reads(param)
    return bool(reads) and all(
        isinstance(argument := facts.parent(read), cst.Arg)
        and isinstance(call := facts.parent(argument), cst.Call)
        and is_cpu_pinned(analysis, call)
        for read in reads
    )


def kept_float64_on_the_cpu(analysis: Analysis, call: cst.Call) -> bool:
    """Is the tensor a call makes on the CPU sent there again as float64 by a call chained
    on it, and moved nowhere else in the chain (`.to(device="cpu", dtype=torch.float64)`,
    `.to("cpu", torch.float64)`): float64 on the CPU on purpose? (A move of it later, on
    another line, is a finding of its own; a bare `.cpu()` says nothing of its dtype.)"""
    chain = list(following_calls(analysis.facts, call))
    sent = any(moves_to_cpu(analysis.facts, outer) and _given_float64(analysis, outer) for outer in chain)
    return sent and not any(analysis.flow.moves_there(outer) for outer in chain)


def _given_float64(analysis: Analysis, call: cst.Call) -> bool:
    """Is a call given a float64 dtype, by keyword or by place?"""
    given = [keyword(call, "dtype"), *positional(call)]
    values = [analysis.flow.evaluation.value(arg) for arg in given if arg is not None]
    dtypes = [value.dtype for value in values if value.kind is Kind.DTYPE and not value.partial]
    return any(WIDE_DTYPES.get(dtype) is Width.FLOAT64 for dtype in dtypes if dtype is not None)


def made_on_cpu_and_kept_there(analysis: Analysis, call: cst.Call) -> bool:
    """`torch.linspace(a, b, n, dtype=torch.float64).to(torch.float32)`: a factory without
    a device makes the tensor on the CPU, and it is narrowed before it can move (or cast
    wherever it moves, see analysis/containment.py)."""
    facts = analysis.facts
    return _made_on_cpu(facts, call) and not _computed_off_the_cpu(analysis, call) and (
        cast_down_before_move(facts, call, analysis.flow.gives_what_mps_has)
        or analysis.flow.narrowed_later(call)
        or analysis.flow.cast_at_every_move(call)
        or analysis.containment.kept_safe(call)
        or (_wraps_python_number(analysis, call) and not analysis.flow.reaches_device(call))
    )


def _computed_off_the_cpu(analysis: Analysis, call: cst.Call) -> bool:
    """Is the tensor a call makes without a device computed where the tensors it is given
    are, on a device (`torch.cumsum(kv, dim=1, dtype=torch.float64)` of a `kv` on MPS), as
    the evaluator reads them?"""
    return analysis.flow.evaluation.value(call).place in (Place.WITH_FLOAT64, Place.MAY_LACK_FLOAT64)


def _wraps_python_number(analysis: Analysis, call: cst.Call) -> bool:
    """`wrapped = torch.tensor(value, dtype=torch.float64)` where `value` is a Python number
    and the tensor is never seen moved or computed with: a number boxed on the CPU for code
    that records values (dynamo hands its unspecialized floats to its tracer so), exact in
    float64. The number is one the function was given: a name annotated `float` or `int`,
    or handed to a `math` function there (`math.isnan(value)`). A literal is not (`torch.
    tensor(0.5, dtype=torch.double)` is a constant to compute with), nor is a value in a
    lambda or at module level, which other code takes (a table of test inputs that a
    harness moves to its device), nor a number kept as a module's buffer, which moves with
    the module (`self.register_buffer("r_max", torch.tensor(r_max, dtype=torch.float64))`)."""
    facts = analysis.facts
    if facts.qualified_name(call.func) not in SCALAR_TENSORS or analysis.flow.kept_on_a_module(call):
        return False  # (asked only of calls made on the CPU: no `device=`)
    args = positional(call)
    if not args or facts.enclosing_function(call) is None or not _is_python_number(analysis, args[0]):
        return False
    uses: List[cst.BaseExpression] = [call, *analysis.facts.reads_by_value.get(id(call), [])]
    return not any(isinstance(facts.parent(use), (cst.BinaryOperation, cst.UnaryOperation)) for use in uses)


def _is_python_number(analysis: Analysis, node: cst.BaseExpression) -> bool:
    facts = analysis.facts
    if not isinstance(node, cst.Name):
        return False
    function = facts.enclosing_function(node)
    if function is not None and any(
        param.name.value == node.value
        and param.annotation is not None
        and isinstance(param.annotation.annotation, cst.Name)
        and param.annotation.annotation.value in ("float", "int")
        for param in function.params.params
    ):
        return True
    binding = facts.bindings.get(node)
    reads = analysis.facts.reads_by_binding.get(id(binding), []) if binding is not None else []
    return any(
        isinstance(argument := facts.parent(read), cst.Arg)
        and isinstance(used := facts.parent(argument), cst.Call)
        and (facts.qualified_name(used.func) or "").startswith("math.")
        for read in reads
    )


def _given_to_factories_kept_on_cpu(analysis: Analysis, use: DtypeUse) -> bool:
    """`build_sparse_tensor(dtype=torch.float64)`, a function of this module that gives its
    dtype parameter only to torch factories without a device, whose tensors are kept safe
    (followed back to this call where the function returns them)."""
    facts = analysis.facts
    facts = analysis.facts
    argument = facts.parent(use.value)
    if not isinstance(argument, cst.Arg) or not isinstance(use.holder, cst.Call):
        return False
    parameter = analysis.containment.parameter(use.holder, argument)
    reads = analysis.facts.parameter_reads(parameter) if parameter is not None else []
    return bool(reads) and all(
        isinstance(given := facts.parent(read), cst.Arg)
        and given.keyword is not None
        and given.keyword.value == "dtype"
        and isinstance(factory := facts.parent(given), cst.Call)
        and _made_on_cpu(facts, factory)
        and analysis.containment.kept_safe(factory, (use.holder,))
        for read in reads
    )


def _given_no_device(facts: ModuleFacts, call: cst.Call) -> bool:
    """A call of a function of the module that makes its tensors on the CPU: one given no
    device when its `device` parameter defaults to None, or one without such a parameter
    whose every `return` gives a tensor a torch factory made without a device."""
    function = facts.definitions.callee(call)
    if function is None:
        return False
    params = function.params
    device = [p for p in (*params.params, *params.kwonly_params) if p.name.value == "device"]
    if not device:
        returned = [node.value for node in own_nodes(function.body, cst.Return)]
        return bool(returned) and all(_factory_made_on_cpu(facts, value) for value in returned)
    if not (isinstance(device[0].default, cst.Name) and device[0].default.value == "None"):
        return False
    return argument_for(function, device[0], call) is None and not any(arg.star for arg in call.args)


def _factory_made_on_cpu(facts: ModuleFacts, value: Optional[cst.BaseExpression]) -> bool:
    """`torch.zeros(n)`, or a name only ever assigned one (`mat = torch.zeros(...)`)."""
    if isinstance(value, cst.Name):
        values = facts.reaching_values(value)
        return bool(values) and all(_factory_made_on_cpu(facts, found) for found in values)
    if not isinstance(value, cst.Call):
        return False
    return facts.qualified_name(value.func) in DEFAULT_DTYPE_FACTORIES and keyword(value, "device") is None


def _made_on_cpu(facts: ModuleFacts, call: cst.Call) -> bool:
    """A torch factory without a device, a function of the module whose `device` parameter
    defaults to None and that is given none (`change_basis(l, dtype=torch.float64)`), or a
    cast of one (`torch.from_numpy(a).to(torch.float64)`, `torch.tensor(n).double()`)."""
    qualified = facts.qualified_name(call.func)
    if qualified is not None:
        return qualified.startswith("torch.") and keyword(call, "device") is None
    if _given_no_device(facts, call):
        return True
    moved = moved_to(call)
    is_cast = (
        (moved is not None and dtype_of(facts, moved[0]) is not None)
        or (method_name(call) in FLOAT64_CAST_METHODS and not call.args)
        or (moved is None and method_name(call) == "to" and keyword(call, "dtype") is not None)
    )
    return (
        is_cast
        and isinstance(call.func, cst.Attribute)
        and isinstance(call.func.value, cst.Call)
        and _made_on_cpu(facts, call.func.value)
    )
