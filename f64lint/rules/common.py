"""Questions several rules ask in the same words."""

from __future__ import annotations

from typing import Collection, Iterator, List, Tuple

from f64lint.analysis.calls import keyword, method_name, moved_to, positional
from f64lint.analysis.casts import cast_down_before_move
from f64lint.analysis.devices import is_cpu_pinned
from f64lint.analysis.dtypes import (
    Dtype,
    DtypeUse,
    Spelling,
    Width,
    dtype_of,
    dtype_uses,
)
from f64lint.analysis.module import ModuleFacts
from f64lint.cst import cst


def callee_text(facts: ModuleFacts, call: cst.Call) -> str:
    """`torch.arange()` for a function, `.to()` for a method on an expression."""
    qualified = facts.qualified_name(call.func)
    if qualified is not None:
        return f"{facts.module.code_for_node(call.func)}()"
    if isinstance(call.func, cst.Attribute):
        return f".{call.func.attr.value}()"
    return f"{facts.module.code_for_node(call.func)}()"


def describe_use(facts: ModuleFacts, use: DtypeUse, dtype: Dtype) -> str:
    """"`torch.float64` used as a dtype in `torch.arange()`", naming what a traced name holds."""
    written = facts.module.code_for_node(use.value)
    what = f"`{written}`" if written == dtype.text else f"`{written}` (`{dtype.text}`)"
    if isinstance(use.holder, cst.Param):
        return f"{what} used as the default of parameter `{use.holder.name.value}`"
    return f"{what} used as a dtype in `{callee_text(facts, use.holder)}`"


def reaches_mps(facts: ModuleFacts, use: DtypeUse) -> bool:
    """Does the tensor made with this dtype end up on a device that may be MPS?"""
    return isinstance(use.holder, cst.Call) and facts.flow.reaches_device(use.holder)


def is_torch_call(facts: ModuleFacts, call: cst.Call) -> bool:
    """A call into torch: a `torch.*` function or a tensor method that takes a dtype."""
    qualified = facts.qualified_name(call.func)
    if qualified is not None:
        return qualified.startswith("torch.")
    if isinstance(call.func, cst.Attribute):
        method = call.func.attr.value
        return method in ("to", "type") or method.startswith("new_")
    return False


_CONVERSION_APIS = frozenset({"double", "cdouble"})


def implements_conversion_api(facts: ModuleFacts, node: cst.CSTNode) -> bool:
    """Inside the definition of a `.double()` / `.cdouble()` method, or an assignment
    that makes one (`double = _conversion_method_template(dtype=torch.float64)`): the API
    whose contract is float64, as in torch's own Module and Storage."""
    current = facts.parent(node)
    while current is not None:
        if isinstance(current, cst.FunctionDef) and current.name.value in _CONVERSION_APIS:
            return True
        if isinstance(current, cst.Assign) and any(
            isinstance(target.target, cst.Name) and target.target.value in _CONVERSION_APIS
            for target in current.targets
        ):
            return True
        current = facts.parent(current)
    return False


def wide_dtype_uses(
    facts: ModuleFacts, width: Width, spellings: Collection[Spelling]
) -> Iterator[Tuple[DtypeUse, Dtype]]:
    """Uses of a float64 (or complex128) dtype, spelled one of `spellings`, that may end up
    on an accelerator: uses pinned to the CPU are left out."""
    for use in dtype_uses(facts):
        dtype = dtype_of(facts, use.value)
        if dtype is None or dtype.width is not width or dtype.spelling not in spellings:
            continue
        if isinstance(use.holder, cst.Call) and (
            is_cpu_pinned(facts, use.holder)
            or made_on_cpu_and_kept_there(facts, use.holder)
            or _given_to_factories_kept_on_cpu(facts, use)
        ):
            continue
        if isinstance(use.holder, cst.Param) and _only_given_off_mps(facts, use.holder):
            continue
        if implements_conversion_api(facts, use.value):
            continue
        yield use, dtype


def _only_given_off_mps(facts: ModuleFacts, param: cst.Param) -> bool:
    """Is a dtype parameter only ever passed on to calls pinned off MPS (`def fuzz(dtype=
    torch.float64, cuda=False)` handing both to `FuzzedTensor(dtype=dtype, cuda=cuda)`)?"""
    reads = facts.flow.parameter_reads(param)
    return bool(reads) and all(
        isinstance(argument := facts.parent(read), cst.Arg)
        and isinstance(call := facts.parent(argument), cst.Call)
        and is_cpu_pinned(facts, call)
        for read in reads
    )


def made_on_cpu_and_kept_there(facts: ModuleFacts, call: cst.Call) -> bool:
    """`torch.linspace(a, b, n, dtype=torch.float64).to(torch.float32)`: a factory without
    a device makes the tensor on the CPU, and it is narrowed before it can move (or cast
    wherever it moves, see analysis/containment.py)."""
    return _made_on_cpu(facts, call) and (
        cast_down_before_move(facts, call)
        or facts.flow.narrowed_later(call)
        or facts.flow.cast_at_every_move(call)
        or facts.containment.kept_safe(call)
        or (_wraps_python_number(facts, call) and not facts.flow.reaches_device(call))
    )


_SCALAR_FACTORIES = frozenset({"torch.tensor", "torch.scalar_tensor"})


def _wraps_python_number(facts: ModuleFacts, call: cst.Call) -> bool:
    """`wrapped = torch.tensor(value, dtype=torch.float64)` where `value` is a Python number
    and the tensor is never seen moved or computed with: a number boxed on the CPU for code
    that records values (dynamo hands its unspecialized floats to its tracer so), exact in
    float64. The number is one the function was given: a name annotated `float` or `int`,
    or handed to a `math` function there (`math.isnan(value)`). A literal is not (`torch.
    tensor(0.5, dtype=torch.double)` is a constant to compute with), nor is a value in a
    lambda or at module level, which other code takes (a table of test inputs that a
    harness moves to its device)."""
    if facts.qualified_name(call.func) not in _SCALAR_FACTORIES:
        return False  # (asked only of calls made on the CPU: no `device=`)
    args = positional(call)
    if not args or facts.enclosing_function(call) is None or not _is_python_number(facts, args[0]):
        return False
    uses: List[cst.BaseExpression] = [call, *facts.flow.reads_by_value().get(id(call), [])]
    return not any(isinstance(facts.parent(use), (cst.BinaryOperation, cst.UnaryOperation)) for use in uses)


def _is_python_number(facts: ModuleFacts, node: cst.BaseExpression) -> bool:
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
    reads = facts.flow.reads_by_binding().get(id(binding), []) if binding is not None else []
    return any(
        isinstance(argument := facts.parent(read), cst.Arg)
        and isinstance(used := facts.parent(argument), cst.Call)
        and (facts.qualified_name(used.func) or "").startswith("math.")
        for read in reads
    )


def _given_to_factories_kept_on_cpu(facts: ModuleFacts, use: DtypeUse) -> bool:
    """`build_sparse_tensor(dtype=torch.float64)`, a function of this module that gives its
    dtype parameter only to torch factories without a device, whose tensors are kept safe
    (followed back to this call where the function returns them)."""
    argument = facts.parent(use.value)
    if not isinstance(argument, cst.Arg) or not isinstance(use.holder, cst.Call):
        return False
    parameter = facts.containment.parameter(use.holder, argument)
    reads = facts.flow.parameter_reads(parameter) if parameter is not None else []
    return bool(reads) and all(
        isinstance(given := facts.parent(read), cst.Arg)
        and given.keyword is not None
        and given.keyword.value == "dtype"
        and isinstance(factory := facts.parent(given), cst.Call)
        and _made_on_cpu(facts, factory)
        and facts.containment.kept_safe(factory, (use.holder,))
        for read in reads
    )


def _made_on_cpu(facts: ModuleFacts, call: cst.Call) -> bool:
    """A torch factory without a device, or a cast of one (`torch.from_numpy(a).to(torch.float64)`,
    `torch.tensor(n).double()`)."""
    qualified = facts.qualified_name(call.func)
    if qualified is not None:
        return qualified.startswith("torch.") and keyword(call, "device") is None
    moved = moved_to(call)
    is_cast = (moved is not None and dtype_of(facts, moved[0]) is not None) or (
        method_name(call) in ("double", "cdouble") and not call.args
    )
    return (
        is_cast
        and isinstance(call.func, cst.Attribute)
        and isinstance(call.func.value, cst.Call)
        and _made_on_cpu(facts, call.func.value)
    )
