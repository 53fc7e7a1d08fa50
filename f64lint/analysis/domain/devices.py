"""Devices: which expressions denote one, the CPU or a device without float64, and which
conditions tell MPS apart."""

from __future__ import annotations

import re
from typing import FrozenSet, Iterable, Iterator, List, Optional, Tuple

from f64lint.analysis.domain.library import (
    CUDA_MACHINE_TESTS,
    DISTRIBUTED,
    DISTRIBUTED_RPC,
    NUMPY_NAMESPACE_TESTS,
    QUANTIZATION_OPS,
    QUANTIZED_DTYPES,
    RPC_CALLS,
    SAME_DTYPE_VIEWS,
    SUBMODULE_CONTAINERS,
    TORCH_NAMESPACE_TESTS,
    short_names,
)
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import MAX_TRACE_DEPTH, method_name, positional
from f64lint.analysis.syntax.nodes import descendants, is_docstring, last_name, own_nodes
from f64lint.cst import cst

# Sets the device new tensors go to when a call names none (evaluation/default_device.py).
SETS_DEFAULT_DEVICE = "torch.set_default_device"


def default_device_settings(facts: ModuleFacts) -> List[Tuple[cst.Call, cst.BaseExpression]]:
    """Each `torch.set_default_device(d)` of the module, with its `d`."""
    found = []
    for call in facts.calls:
        args = positional(call)
        if args and facts.qualified_name(call.func) == SETS_DEFAULT_DEVICE:
            found.append((call, args[0]))
    return found


def is_cpu_device(facts: ModuleFacts, node: cst.BaseExpression) -> bool:
    """`"cpu"` or `torch.device("cpu")`."""
    if isinstance(node, cst.SimpleString):
        return node.evaluated_value == "cpu"
    if isinstance(node, cst.Call) and facts.qualified_name(node.func) == "torch.device":
        return bool(node.args) and is_cpu_device(facts, node.args[0].value)
    return False


def moves_to_cpu(facts: ModuleFacts, call: cst.Call) -> bool:
    if method_name(call) == "cpu":
        return True
    return any(
        is_cpu_device(facts, arg.value)
        for arg in call.args
        if arg.keyword is None or arg.keyword.value == "device"
    )


def moved_off_mps_only(facts: ModuleFacts, values: List[Optional[cst.BaseExpression]], name: str) -> bool:
    """Of the values of `x` that reach a read: one moved to the CPU by `if x.device.type
    == "mps": x = x.cpu()`, and every other one bound before that test (so the test
    found it off MPS); not one bound after it (`x = x.to(device)`). Such an `x` is never
    on MPS: it counts as on the CPU on purpose, since what the rules ask is whether MPS
    can hold it (pytorch-ood's `_float64()` helper)."""
    moved = [value for value in values if value is not None and _moved_off_mps(facts, value, name)]
    if not moved:
        return False
    tested = facts.positions[moved[0]].start.line
    return all(value is None or value in moved or facts.positions[value].start.line < tested for value in values)


def _moved_off_mps(facts: ModuleFacts, value: cst.BaseExpression, name: str) -> bool:
    """`x = x.cpu()` in the body of `if x.device.type == "mps":` (no `else`)."""
    if not (isinstance(value, cst.Call) and moves_to_cpu(facts, value) and isinstance(facts.parent(value), cst.Assign)):
        return False
    branch = taken_on_mps(facts, value)
    return (
        branch is not None
        and branch.orelse is None
        and any(isinstance(node, cst.Name) and node.value == name for node in descendants([branch.test]))
    )


def taken_on_mps(facts: ModuleFacts, node: cst.CSTNode) -> Optional[cst.If]:
    """The `if` whose body a node's statement is directly in, when MPS always takes it."""
    statement = facts.statement(node)
    block = facts.parent(statement) if statement is not None else None
    owner = facts.parent(block) if block is not None else None
    if isinstance(owner, cst.If) and owner.body is block and true_on_mps(facts, owner.test):
        return owner
    return None


def receiver_chain(facts: ModuleFacts, call: cst.Call) -> Iterator[cst.Call]:
    """The calls a method call is made on, innermost last: for `a.cpu().to(x).double()`,
    `.to(x)` then `.cpu()`; names are followed to the value last assigned to them."""
    node: cst.BaseExpression = call.func.value if isinstance(call.func, cst.Attribute) else call
    if node is call:
        return
    for _ in range(MAX_TRACE_DEPTH * 4):
        if isinstance(node, cst.Call):
            yield node
            if not isinstance(node.func, cst.Attribute):
                return
            node = node.func.value
        elif isinstance(node, (cst.Attribute, cst.Subscript)):
            node = node.value
        elif isinstance(node, cst.Name):
            traced = facts.assigned_value(node)
            if traced is None:
                return
            node = traced
        else:
            return


def following_calls(facts: ModuleFacts, call: cst.Call) -> Iterator[cst.Call]:
    """The method calls chained on a call's result: for `x.double().sum().numpy()` and the
    `.double()` call, `.sum()` then `.numpy()`; also through views and items of it, which
    keep its dtype and device (`x.to(device).T.float()`, `x.to(device)[idx].float()`)."""
    node: cst.CSTNode = call
    while True:
        parent = facts.parent(node)
        while _keeps_the_tensor(parent, node):
            assert parent is not None
            node, parent = parent, facts.parent(parent)
        if not isinstance(parent, cst.Attribute) or parent.value is not node:
            return
        outer = facts.parent(parent)
        if not isinstance(outer, cst.Call) or outer.func is not parent:
            return
        yield outer
        node = outer


def _keeps_the_tensor(parent: Optional[cst.CSTNode], node: cst.CSTNode) -> bool:
    """Is `parent` a view (`.T`, `.real`) or an item (`[idx]`) of `node`, of its dtype on its device?"""
    if isinstance(parent, cst.Subscript):
        return parent.value is node
    return isinstance(parent, cst.Attribute) and parent.value is node and parent.attr.value in VIEW_ATTRIBUTES


def has_no_mps_backend(qualified: Optional[str]) -> bool:
    """Is a function (by qualified name) one whose tensors never live on MPS: torch.distributed
    (collectives, RPC, `DistributedDataParallel`; gloo is CPU, nccl CUDA) or a quantized-tensor
    op?"""
    return qualified is not None and (qualified.startswith(DISTRIBUTED) or qualified in QUANTIZATION_OPS)


_RPC_CALLS = frozenset(short_names(RPC_CALLS))
# The attributes that are a view of a tensor, of its dtype on its device (`.T`), by name.
VIEW_ATTRIBUTES = frozenset(short_names(SAME_DTYPE_VIEWS))


def received_over_rpc(facts: ModuleFacts, call: cst.Call) -> bool:
    """`rref.rpc_sync().get_gradient(...)`, `fut.wait()` of an `rpc_async`, `rref.to_here()`:
    torch.distributed.rpc hands tensors over on the CPU or CUDA only."""
    qualified = facts.qualified_name(call.func)
    if qualified is not None:
        return qualified.startswith(DISTRIBUTED_RPC)
    return method_name(call) in _RPC_CALLS


def feeds_onnx_constant(facts: ModuleFacts, call: cst.Call) -> bool:
    """Is the tensor an ONNX graph constant (`g.op("Constant", value_t=...)`), which is
    serialized, never computed with?"""
    argument = facts.parent(call)
    return isinstance(argument, cst.Arg) and argument.value is call and argument.keyword is not None and (
        argument.keyword.value == "value_t"
    )


def holds_no_data(facts: ModuleFacts, node: cst.BaseExpression) -> bool:
    """`torch.device("meta")`, `"meta"`, or a fake-tensor mode (`fake_mode`,
    `FakeTensorMode()`): tensors made under it have no data on any device."""
    if isinstance(node, cst.SimpleString):
        return node.evaluated_value == "meta"
    if isinstance(node, cst.Call):
        if facts.qualified_name(node.func) == "torch.device":
            return bool(node.args) and holds_no_data(facts, node.args[0].value)
        return holds_no_data(facts, node.func)
    if isinstance(node, (cst.Name, cst.Attribute)):
        name = node.value if isinstance(node, cst.Name) else node.attr.value
        return "fake" in name.lower()
    return False


# Libraries and APIs that exist only on NVIDIA GPUs.
_CUDA_ONLY_WORDS = frozenset({"cuda", "cutlass", "cudnn", "cublas", "cufft", "cusparse", "cusolver", "nccl"})
_NAME_WORDS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+")  # `CUTLASSBenchmark`: CUTLASS, Benchmark


def named_for_cuda(name: str) -> bool:
    """A function or class named for a CUDA-only library or API (`CUTLASSBenchmarkRequest`,
    `cuda_graph_runner`, `test_nccl_reduce`) is written for NVIDIA GPUs: on a Mac it is never
    reached. A name that says MPS too (`cuda_or_mps`) is not."""
    words = {word.lower() for word in _NAME_WORDS.findall(name)}
    return not words.isdisjoint(_CUDA_ONLY_WORDS) and "mps" not in words


def any_kind(kinds: Iterable[Optional[bool]]) -> Optional[bool]:
    """Of several devices one may be: True if any may lack float64, False if none can,
    None otherwise."""
    seen = list(kinds)
    if any(kind is True for kind in seen):
        return True
    return False if all(kind is False for kind in seen) else None


def device_like_name(name: str) -> bool:
    lowered = name.lower()
    return lowered in ("device", "dev") or lowered.endswith("_device") or lowered.startswith("device_")


def is_device_like(facts: ModuleFacts, node: cst.BaseExpression, depth: int = 0) -> bool:
    """Does an expression plainly denote a device: `"mps"`, `torch.device(...)`, `x.device`,
    a name like `device`, `dev`, `target_device` (followed to its value when local), or a
    call of a function of the module that returns one on every `return` (`get_device()`)?"""
    if depth > MAX_TRACE_DEPTH:
        return False
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        return isinstance(value, str) and value.split(":")[0] in ("cpu", "cuda", "mps", "xpu", "npu", "meta")
    if isinstance(node, cst.Call):
        if facts.qualified_name(node.func) == "torch.device":
            return True
        binding = facts.bindings.get(node.func) if isinstance(node.func, cst.Name) else None
        function = binding.definition if binding is not None and binding.qualified_name is None else None
        if not isinstance(function, cst.FunctionDef):
            return False
        returned = [found.value for found in own_nodes(function.body, cst.Return)]
        return bool(returned) and all(
            value is not None and is_device_like(facts, value, depth + 1) for value in returned
        )
    if isinstance(node, cst.IfExp):
        return is_device_like(facts, node.body, depth + 1) and is_device_like(facts, node.orelse, depth + 1)
    if isinstance(node, cst.Attribute):
        return device_like_name(node.attr.value)
    if isinstance(node, cst.Name):
        if device_like_name(node.value):
            return True
        traced = facts.assigned_value(node)
        return traced is not None and is_device_like(facts, traced, depth + 1)
    return False


# What MPS raises for float64 (`TypeError`, `RuntimeError`), and what else catches it.
MPS_ERRORS = frozenset({"TypeError", "RuntimeError", "Exception", "BaseException"})

# Devices without float64 unless the configuration (`no-float64-devices`) says more.
NO_FLOAT64_DEVICES: FrozenSet[str] = frozenset({"mps"})


def _names_device(node: cst.BaseExpression, devices: FrozenSet[str]) -> bool:
    """`"mps"`, `"mps:0"`, `torch.device("mps")`, or a tuple/list/set holding one (for
    `in (...)`)."""
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        return isinstance(value, str) and value.split(":")[0] in devices
    if isinstance(node, cst.Call) and node.args and isinstance(node.func, (cst.Name, cst.Attribute)):
        name = node.func.value if isinstance(node.func, cst.Name) else node.func.attr.value
        return name == "device" and _names_device(node.args[0].value, devices)
    if isinstance(node, (cst.Tuple, cst.List, cst.Set)):
        return any(_names_device(element.value, devices) for element in node.elements)
    return False


_DEVICE_TYPES = frozenset({"cpu", "cuda", "mps", "xpu", "npu", "hpu", "xla", "meta", "privateuseone", "mtia", "hip"})


def _names_only_other_devices(node: cst.BaseExpression, devices: FrozenSet[str]) -> bool:
    """`"cuda"`, `torch.device("cuda")`, or a tuple/list/set of such: device types that
    have float64."""
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        return isinstance(value, str) and value.split(":")[0] in _DEVICE_TYPES - devices
    if isinstance(node, cst.Call) and isinstance(node.func, (cst.Name, cst.Attribute)):
        name = node.func.value if isinstance(node.func, cst.Name) else node.func.attr.value
        if name == "_get_privateuse1_backend_name":
            return True  # an out-of-tree backend's name, which cannot be taken by MPS
        return name == "device" and bool(node.args) and _names_only_other_devices(node.args[0].value, devices)
    if isinstance(node, (cst.Tuple, cst.List, cst.Set)):
        return bool(node.elements) and all(
            _names_only_other_devices(element.value, devices) for element in node.elements
        )
    return False


def true_only_off_mps(facts: ModuleFacts, test: cst.BaseExpression, in_predicate: bool = False) -> bool:
    """Does a condition hold only on devices with float64 (`device.type == "cuda"`,
    `device.type in ("cuda", "xpu")`, `str(device).startswith("cuda")`, `x.is_cuda`, or
    an MPS test that is false on MPS), only on a machine with CUDA
    (`torch.cuda.is_available()`), or call a function of the module that returns such
    a condition (`_is_supported_device(x)`; not from within one)?"""
    devices = facts.devices
    if mps_test(facts, test) is False:
        return True
    bound = _bound_condition(facts, test)
    if bound is not None:  # `use_double = precision == "double" and device.type != "mps"`
        return true_only_off_mps(facts, bound, in_predicate)
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return true_on_mps(facts, test.expression)  # `not (device.type == "mps" or ...)`
    if isinstance(test, cst.BooleanOperation):
        left = true_only_off_mps(facts, test.left, in_predicate)
        if isinstance(test.operator, cst.And):
            return left or true_only_off_mps(facts, test.right, in_predicate)
        return left and true_only_off_mps(facts, test.right, in_predicate)
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        target = test.comparisons[0]
        return isinstance(target.operator, (cst.Equal, cst.Is, cst.In)) and (
            _names_only_other_devices(target.comparator, devices)
            or _names_only_other_devices(test.left, devices)
            or (_is_dtype(test.left) and _names_quantized_dtypes(facts, target.comparator))
        )
    if isinstance(test, cst.Call):
        func = test.func
        if facts.library_name(func) in NUMPY_NAMESPACE_TESTS:
            return True  # `_is_numpy_namespace(xp)`: NumPy's arrays are never on MPS
        if facts.qualified_name(func) in CUDA_MACHINE_TESTS:
            return True  # `torch.cuda.is_available()`: a machine with CUDA has no MPS
        predicate = None if in_predicate else _predicate_returned(facts, func)
        if predicate is not None:
            return true_only_off_mps(facts, predicate, in_predicate=True)
        return (
            isinstance(func, cst.Attribute)
            and func.attr.value == "startswith"
            and bool(test.args)
            and _names_only_other_devices(test.args[0].value, devices)
        )
    return isinstance(test, cst.Attribute) and test.attr.value in ("is_quantized", "is_cuda", "is_xpu")


def true_on_mps(facts: ModuleFacts, test: cst.BaseExpression) -> bool:
    """Does a condition hold whenever the code runs on MPS (so that where it is false, the
    code is off MPS): an MPS test (`device.type == "mps"`), `A or B` with either such a
    condition, `not` of a condition that holds only off MPS. (Not `a.is_mps and b.is_mps`:
    with `a` on the CPU and `b` on MPS it is false on MPS.)"""
    if mps_test(facts, test) is True:
        return True
    bound = _bound_condition(facts, test)
    if bound is not None:
        return true_on_mps(facts, bound)
    if isinstance(test, cst.Call) and facts.library_name(test.func) in TORCH_NAMESPACE_TESTS:
        return True  # `is_torch_namespace(xp)`: code on MPS has torch's
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return true_only_off_mps(facts, test.expression)
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or):
        return true_on_mps(facts, test.left) or true_on_mps(facts, test.right)
    return False


def names_device_type(facts: ModuleFacts, node: cst.BaseExpression) -> bool:
    """`device.type`, `x.device.type`, `str(device)`: what a `match` on devices reads."""
    if isinstance(node, cst.Attribute) and node.attr.value == "type":
        return is_device_like(facts, node.value)
    return (
        isinstance(node, cst.Call)
        and last_name(node.func) == "str"
        and len(node.args) == 1
        and is_device_like(facts, node.args[0].value)
    )


def names_no_float64_device(facts: ModuleFacts, node: cst.BaseExpression) -> Optional[bool]:
    """For a literal a device type is compared with: does it name a device without
    float64 (True), only others (False), or is it no literal (None)?"""
    if _names_device(node, facts.devices):
        return True
    return False if _names_only_other_devices(node, facts.devices) else None


def _predicate_returned(facts: ModuleFacts, func: cst.BaseExpression) -> Optional[cst.BaseExpression]:
    """What a module-level function that is one `return` returns (`def _is_supported_device(t):
    return t.is_cuda or t.device.type in ("xla", "cpu")`), for a call of it by name."""
    function = facts.top_level_functions.get(func.value) if isinstance(func, cst.Name) else None
    if function is None:
        return None
    body = [line for line in function.body.body if not is_docstring(line)]
    if len(body) == 1 and isinstance(body[0], cst.SimpleStatementLine):
        body = list(body[0].body)
    only = body[0] if len(body) == 1 else None
    return only.value if isinstance(only, cst.Return) else None


# Quantized tensors have no MPS backend: code that runs only for one (`if x.is_quantized:`,
# `if x.dtype in (torch.qint8, torch.quint8):`) runs off MPS.


def _is_dtype(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Attribute) and node.attr.value == "dtype"


def _names_quantized_dtypes(facts: ModuleFacts, node: cst.BaseExpression) -> bool:
    """`torch.qint8`, or a tuple, list, set or dict (its keys) of quantized dtypes, written
    there or bound to a name (a module-level `_qtype_map = {torch.quint8: torch.uint8}`)."""
    if isinstance(node, cst.Name):
        node = facts.assigned_value(node) or node
    if isinstance(node, (cst.Tuple, cst.List, cst.Set)):
        elements = [element.value for element in node.elements]
    elif isinstance(node, cst.Dict):
        elements = [element.key for element in node.elements if isinstance(element, cst.DictElement)]
    else:
        elements = [node]
    return bool(elements) and all(facts.qualified_name(element) in QUANTIZED_DTYPES for element in elements)


def mps_test(facts: ModuleFacts, test: cst.BaseExpression) -> Optional[bool]:
    """Is a condition true exactly when running on MPS (True), exactly when not (False), or
    neither that we can tell (None)? Knows `x.device.type == "mps"`, `!=`, `in ("mps", ...)`,
    `not in`, `str(device).startswith("mps")`, `torch.backends.mps.is_available()`,
    `is_mps`-like flags (a test suite's `TEST_MPS` too), `not`, and `or` of two such tests."""
    devices = facts.devices
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = mps_test(facts, test.expression)
        return None if inner is None else not inner
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or):
        # `a.is_mps or b.is_mps`: false only when neither is on MPS.
        if mps_test(facts, test.left) is True and mps_test(facts, test.right) is True:
            return True
        return None
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        target = test.comparisons[0]
        if not (_names_device(target.comparator, devices) or _names_device(test.left, devices)):
            return None
        if isinstance(target.operator, (cst.Equal, cst.Is, cst.In)):
            return True
        if isinstance(target.operator, (cst.NotEqual, cst.IsNot, cst.NotIn)):
            return False
        return None
    if isinstance(test, cst.Call):
        qualified = facts.qualified_name(test.func)
        if qualified == "torch.backends.mps.is_available":
            return True
        func = test.func
        if isinstance(func, cst.Attribute) and func.attr.value == "startswith" and test.args:
            return True if _names_device(test.args[0].value, devices) else None
        return None
    if isinstance(test, (cst.Name, cst.Attribute)):
        name = test.value if isinstance(test, cst.Name) else test.attr.value
        flags = {f"{prefix}{device}" for device in devices for prefix in ("is_", "use_", "on_", "test_", "")}
        if name.lower() in flags:
            return True
        bound = _bound_condition(facts, test)
        return mps_test(facts, bound) if bound is not None else None
    return None


def _bound_condition(facts: ModuleFacts, test: cst.BaseExpression) -> Optional[cst.BaseExpression]:
    """The condition a local name holds when only one assignment reaches its read
    (`on_cpu = device.type != "mps"; ... if on_cpu:`), unless that is a name again or an
    augmented assignment may change it (`on_cpu |= forced`)."""
    if not isinstance(test, cst.Name) or test.value in facts.augmented_names:
        return None
    values = facts.reaching_values(test)
    if len(values) != 1 or values[0] is None or isinstance(values[0], cst.Name):
        return None
    return values[0]


def submodules_kept(facts: ModuleFacts, call: cst.Call) -> List[cst.BaseExpression]:
    """The modules a torch container keeps as its submodules, which move with it: each
    argument of `nn.Sequential(a, b)`, each element of `nn.ModuleList([a, b])`."""
    if facts.qualified_name(call.func) not in SUBMODULE_CONTAINERS:
        return []
    kept: List[cst.BaseExpression] = []
    for given in positional(call):
        if isinstance(given, (cst.List, cst.Tuple)):
            kept.extend(element.value for element in given.elements)
        else:
            kept.append(given)
    return kept
