"""How one function gets its dtype: the strategy chosen for the function as a whole, so
that every finding in it is fixed the same way and shared edits (a parameter, a guard
line) are written once.

- thread-dtype: a `dtype` parameter (added, or the one already there) replaces the
  hardcoded float64, and callers that have a `dtype` pass it on. Unsafe: CPU/CUDA compute
  in float32 afterwards.
- device-aware: one line `dtype = torch.float32 if <device is mps> else torch.float64`
  above the first use keeps CPU/CUDA numerics unchanged. Safe. Chosen by configuration,
  or on its own when the function plainly wants float64 precision and knows its device.
- follow-data: in a function a framework calls (`forward`, a Lightning step or hook, a
  test, a fixture), whose signature is not ours to change, the dtype of the data it meets:
  a floating tensor parameter's (`x.dtype`) or the module's own parameters'
  (`self.weight.dtype`). A half-precision input stays half. Unsafe.
- keep: none at all, where the function asks for float64 precision on purpose (a comment
  or a name says so, or it brings the result back to its input's dtype) but cannot tell
  MPS from elsewhere: float32 there would undo what its author chose, and is worse than
  leaving the finding for them.
- literal: `torch.float32` in place (no function to thread through, `dtype` already
  means something else there, or a framework-called function that meets no data whose
  dtype it can follow). Unsafe.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Iterator, List, Optional, Sequence, Set, Tuple

from f64lint.analysis.domain.casts import CONVERTING_METHODS, casts_like
from f64lint.analysis.domain.devices import device_like_name, is_device_like, names_no_float64_device
from f64lint.analysis.domain.library import NEEDS_FLOAT64, TENSOR_TYPE
from f64lint.analysis.domain.probed import members_of
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import keyword, method_name, moved_to
from f64lint.analysis.syntax.nodes import code_children, descendants, last_name
from f64lint.cst import cst
from f64lint.diagnostic import Applicability, Edit, Position
from f64lint.fix.docstrings import documented_dtype
from f64lint.fix.edits import EditMaker
from f64lint.fix.imports import import_from
from f64lint.fix.options import Strategy


class Kind(enum.Enum):
    THREAD = "thread"
    DEVICE_AWARE = "device-aware"
    FOLLOW_DATA = "follow-data"
    KEEP = "keep"
    LITERAL = "literal"


@dataclass(frozen=True)
class FunctionPlan:
    kind: Kind
    name: str  # what the hardcoded dtype becomes: `dtype`, or `torch.float32` for LITERAL
    shared: Tuple[Edit, ...]  # edits every fix in the function carries
    message: str
    applicability: Applicability
    adds_parameter: bool = False
    threads: Optional[str] = None  # the module-level function that gets the parameter
    device: Optional["DeviceTest"] = None  # for DEVICE_AWARE: how the function tells MPS


_PRECISION_COMMENT = re.compile(
    r"#[^\n]*(precis|accura|numeric|stabil|fp64|overflow|underflow|round-?off|cancel)", re.I
)
_PRECISION_NAME = re.compile(r"double|precision|fp64|upcast", re.I)
# A metric's value or function (`precision, recall, _ = precision_recall_curve(...)`,
# `average_precision_score`) asks for no precision, unless passed as a keyword
# (`precision=7e-4`, a test's tolerance).
_METRIC_NAME = re.compile(r"^(?:precisions?|\w*precision_recall\w*|\w*average_precision\w*)$")
# Names that spell a dtype or a type, not an intent: `DoubleTensor`, `cdouble`.
_DTYPE_SPELLINGS = frozenset({"double", "cdouble", "DoubleTensor", "float64", "complex128"})
_DEVICE_AWARE_NAMES = ("dtype", "compute_dtype", "work_dtype")
# Methods and functions a framework calls: torch's and Lightning's, unittest's and pytest's,
# and a metric's (torchmetrics, ignite: `reset`, `update`, `compute`).
_FRAMEWORK_CALLED = frozenset(
    {"forward", "configure_optimizers", "setUp", "tearDown", "setUpClass", "tearDownClass"}
)
_FRAMEWORK_CALLED_METHODS = frozenset({"reset", "update", "compute"})
_FRAMEWORK_CALLED_NAME = re.compile(r"^(?:\w+_step|on_[a-z]\w*)$")
_TEST_NAME = re.compile(r"^test")


@dataclass(frozen=True)
class DeviceTest:
    """Conditions, as source, that a function's device is MPS and that it is not."""

    is_mps: str
    not_mps: str
    device: str  # the device itself, for a project's helper: `device`, `x.device`


def names_in(node: cst.CSTNode, attributes: bool = False) -> Set[str]:
    """The variable names used in a node; with `attributes`, attribute and keyword names
    too (`self.double_precision` gives `self` and `double_precision`), and the keys a
    mapping is read by (`cfg["high_precision"]`, `cfg.get("use_fp64")`)."""
    found: Set[str] = set()
    stack: List[cst.CSTNode] = [node]
    while stack:
        current = stack.pop()
        key = _key_read(current) if attributes else None
        if key is not None:
            found.add(key)
        if isinstance(current, cst.Name):
            found.add(current.value)
        elif (isinstance(current, cst.Arg) and not attributes) or (
            isinstance(current, cst.Attribute) and not attributes
        ):
            stack.append(current.value)
        else:
            stack.extend(code_children(current))
    return found


def _key_read(node: cst.CSTNode) -> Optional[str]:
    """The key a mapping is read by here, when a name (`cfg["high_precision"]`, `cfg.get("fp64")`)."""
    key: Optional[cst.BaseExpression] = None
    if isinstance(node, cst.SubscriptElement) and isinstance(node.slice, cst.Index):
        key = node.slice.value
    elif isinstance(node, cst.Call) and method_name(node) == "get" and node.args:
        key = node.args[0].value
    value = key.evaluated_value if isinstance(key, cst.SimpleString) else None
    return value if isinstance(value, str) and value.isidentifier() else None


def _is_protocol_method(function: cst.FunctionDef, in_tests: bool) -> bool:
    """Python calls it (`__getitem__`) or reads it as an attribute (`@property`,
    `@cached_property`), or a framework calls it with the arguments it decides: a module's
    `forward`, a Lightning step or hook (`training_step`, `on_train_start`), a test
    (`test_*`, `setUp`) or a pytest fixture. Nobody could pass a `dtype`, and a new
    parameter would change a signature the framework relies on."""
    name = function.name.value
    if name.startswith("__") and name.endswith("__") and name != "__init__":
        return True
    params = function.params.params
    if name in _FRAMEWORK_CALLED_METHODS and params and params[0].name.value == "self":
        return True
    if name in _FRAMEWORK_CALLED or _FRAMEWORK_CALLED_NAME.match(name) or (in_tests and _TEST_NAME.match(name)):
        return True
    for decorator in function.decorators:
        target = decorator.decorator
        target = target.func if isinstance(target, cst.Call) else target
        last = target.attr.value if isinstance(target, cst.Attribute) else getattr(target, "value", "")
        if "property" in last or last in ("setter", "getter", "fixture"):
            return True
    return False


def all_params(function: cst.FunctionDef) -> Iterator[cst.Param]:
    params = function.params
    yield from params.posonly_params
    yield from params.params
    if isinstance(params.star_arg, cst.Param):
        yield params.star_arg
    yield from params.kwonly_params
    if isinstance(params.star_kwarg, cst.Param):
        yield params.star_kwarg


def dtype_parameter(function: cst.FunctionDef) -> Optional[cst.Param]:
    """The function's `dtype` parameter, if it always holds a dtype. One that defaults to
    None usually means "keep the input's dtype": `x.to(None)` would fail."""
    param = next((p for p in all_params(function) if p.name.value == "dtype"), None)
    if param is None or param.star or (isinstance(param.default, cst.Name) and param.default.value == "None"):
        return None
    return param


class FunctionPlanner:
    def __init__(
        self,
        facts: ModuleFacts,
        maker: EditMaker,
        torch: str,
        import_edit: Tuple[Edit, ...],
        strategy: Strategy,
        default_dtype: str,
        safe_helper: Optional[str] = None,
        line_length: int = 88,
    ) -> None:
        self.facts = facts
        self.maker = maker
        self.torch = torch
        self.import_edit = import_edit  # `import torch`, when the module lacks it
        self.strategy = strategy
        self.default_dtype = default_dtype
        self.safe_helper = safe_helper
        self.line_length = line_length

    def plan(
        self,
        function: cst.FunctionDef,
        uses: List[cst.CSTNode],
        calls: List[cst.Call],
        anchors: Sequence[cst.CSTNode] = (),
    ) -> FunctionPlan:
        """`uses`: the nodes to be replaced in `function`; `calls`: the calls in it;
        `anchors`: nodes that must see a device-aware `dtype` line too (calls that will
        pass it on)."""
        names = names_in(function)
        wants_precision = self._wants_precision(function, calls, uses)
        if function.name.value == "__init__" and not wants_precision and all(map(self._registered, uses)):
            # A buffer's dtype is not its callers' to choose, and a module's buffers move
            # with it (no device is known where it is made): cast where it is registered.
            return self.literal()
        device = self.device_test(function, uses)
        if device is not None and (self.strategy is Strategy.DEVICE_AWARE or wants_precision):
            plan = self._device_aware(function, [*uses, *anchors], names, device, wants_precision)
            if plan is not None:
                return plan
        if wants_precision:
            return FunctionPlan(Kind.KEEP, "", (), "", Applicability.UNSAFE)
        if dtype_parameter(function) is not None:
            return FunctionPlan(Kind.THREAD, "dtype", (), "Use the function's `dtype` parameter", Applicability.UNSAFE)
        if function.name.value == "__init__":
            return self.literal()  # the object's own tensors: a constructor parameter for them is noise
        if "dtype" in names:  # a local or a nested function's: a parameter would clash
            return self.literal()
        if _is_protocol_method(function, self.facts.in_tests):  # Python or a framework calls it
            followed = self._data_dtype(function)
            if followed is not None:
                return FunctionPlan(
                    Kind.FOLLOW_DATA,
                    followed,
                    (),
                    f"Follow the dtype of the data it meets: `{followed}`",
                    Applicability.UNSAFE,
                )
            # No data to follow and no parameter to add: where it can tell its device,
            # float32 on MPS only beats float32 everywhere (a metric's float64 sums).
            plan = self._device_aware(function, [*uses, *anchors], names, device, False) if device else None
            return plan or self.literal()
        default = f"{self.torch}.{self.default_dtype}"
        annotated = function.returns is not None or any(p.annotation is not None for p in all_params(function))
        parameter = f"dtype: {self.torch}.dtype = {default}" if annotated else f"dtype={default}"
        documented = documented_dtype(self.maker, function, f"{self.torch}.dtype", default)
        return FunctionPlan(
            Kind.THREAD,
            "dtype",
            (self._add_parameter(function, parameter), *((documented,) if documented else ()), *self.import_edit),
            f"Add a `dtype` parameter (default `{default}`) to `{function.name.value}` and use it",
            Applicability.UNSAFE,
            adds_parameter=True,
        )

    def _registered(self, use: cst.CSTNode) -> bool:
        """Is `use` part of what a `self.register_buffer(...)` call registers?"""
        node: Optional[cst.CSTNode] = use
        while node is not None and not isinstance(node, cst.BaseStatement):
            if isinstance(node, cst.Call) and method_name(node) == "register_buffer":
                return True
            node = self.facts.parent(node)
        return False

    def literal(self) -> FunctionPlan:
        narrow = f"{self.torch}.{self.default_dtype}"
        return FunctionPlan(Kind.LITERAL, narrow, self.import_edit, f"Use `{narrow}`", Applicability.UNSAFE)

    # Follow the data ---------------------------------------------------------------------

    def _data_dtype(self, function: cst.FunctionDef) -> Optional[str]:
        """`x.dtype` of a parameter shown to be a floating tensor (annotated `FloatTensor`,
        or whose `.dtype` the function already gives as the dtype of its results: `.to(x.dtype)`,
        `dtype=x.dtype`), always given (no default) and never rebound; else the dtype of the
        module's own parameter, one that `__init__` always makes (`self.weight =
        nn.Parameter(...)` at the top of its body). A `.dtype` only compared (`ids.dtype !=
        torch.long`) shows nothing of the kind."""
        rebound = _assigned_names(function)
        reads_dtype = {
            node.value.value
            for node in descendants([function.body])
            if isinstance(node, cst.Attribute)
            and node.attr.value == "dtype"
            and isinstance(node.value, cst.Name)
            and self._given_as_a_dtype(node)
        }
        for param in all_params(function):
            name = param.name.value
            if param.star or param.default is not None or name in ("self", "cls") or name in rebound:
                continue
            annotation = self.facts.module.code_for_node(param.annotation.annotation) if param.annotation else ""
            if "FloatTensor" in annotation or name in reads_dtype:
                return f"{name}.dtype"
        owner = class_of(self.facts, function)
        if owner is None or not any(p.name.value == "self" for p in function.params.params[:1]):
            return None
        init = next((s for s in owner.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"), None)
        if init is None or not isinstance(init.body, cst.IndentedBlock):
            return None
        for line in init.body.body:
            for statement in line.body if isinstance(line, cst.SimpleStatementLine) else ():
                made = self._parameter_made(statement)
                if made is not None:
                    return f"self.{made}.dtype"
        return None

    def _given_as_a_dtype(self, node: cst.Attribute) -> bool:
        """`x.dtype` as a `dtype=` keyword or the argument of `.to()` / `.type()`."""
        argument = self.facts.parent(node)
        if not isinstance(argument, cst.Arg):
            return False
        if argument.keyword is not None:
            return argument.keyword.value == "dtype"
        call = self.facts.parent(argument)
        return isinstance(call, cst.Call) and method_name(call) in ("to", "type")

    def _parameter_made(self, statement: cst.BaseSmallStatement) -> Optional[str]:
        """`weight` for `self.weight = nn.Parameter(...)`."""
        if not (
            isinstance(statement, cst.Assign)
            and len(statement.targets) == 1
            and isinstance(statement.value, cst.Call)
            and self.facts.qualified_name(statement.value.func) == "torch.nn.Parameter"
        ):
            return None
        target = statement.targets[0].target
        if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == "self":
            return target.attr.value
        return None

    # Device-aware ----------------------------------------------------------------------

    def device_test(self, function: cst.FunctionDef, uses: Sequence[cst.CSTNode] = ()) -> Optional[DeviceTest]:
        """How the function can tell it works on MPS: from the device its moves go to, a
        device parameter, or a tensor parameter's `.device`; None when it cannot know its
        device."""
        moved = self._device_of_moves(function, uses)
        if moved is not None:
            return moved
        for param in all_params(function):
            if device_like_name(param.name.value) and param.star == "":
                return self._parameter_test(param)
        params = {p.name.value for p in all_params(function)}
        moved_to_device = self._device_moved_to(function, params, uses)
        if moved_to_device is not None:
            return moved_to_device
        known = (params | self._bound_before(function, uses)) - {"self", "cls"}
        for use in uses:
            tensor = self._tensor_parameter(use, known)
            if tensor is not None and self._may_be_a_tensor(function, tensor):  # a module has no `.device`
                return DeviceTest(*self._type_tests(self._device_type(function, tensor)), f"{tensor}.device")
        return self._device_local(function, uses, params) or self._device_on_self(uses, params)

    def _may_be_a_tensor(self, function: cst.FunctionDef, name: str) -> bool:
        """Can a name of the function be a tensor, whose `.device` is a `torch.device`? Yes
        for a parameter annotated as one (a tensor subclass has members of its own:
        `t.to_local()`); otherwise, when the function reads no member of it that tensors
        lack, as the probe listed tensors' members (`args.hidden` of an argument namespace,
        `module.parameters()` of a module, which has no `.device` at all), and binds it to
        no object a class other than a tensor type makes (`net = nn.Sequential(...)`)."""
        annotated = _annotation(function, name)
        if annotated is not None and self.facts.qualified_name(annotated.annotation) == TENSOR_TYPE:
            return True
        members = members_of(TENSOR_TYPE)
        for node in descendants([function.body]):
            if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == name:
                if node.attr.value not in members:
                    return False
            if isinstance(node, cst.Assign) and isinstance(node.value, cst.Call) and any(
                isinstance(target.target, cst.Name) and target.target.value == name for target in node.targets
            ):
                made_by = self.facts.module.code_for_node(node.value.func).rpartition(".")[2]
                if made_by[:1].isupper() and not made_by.endswith("Tensor"):
                    return False
        return True

    def _device_type(self, function: cst.FunctionDef, owner: str) -> str:
        """`x.device.type` of a tensor; `torch.device(args.device).type` of what may be
        another object, whose `.device` may be a string (an argument namespace's)."""
        if self._may_be_a_tensor(function, owner) and not self._declared_otherwise(function, owner):
            return f"{owner}.device.type"
        return f"{self.torch}.device({owner}.device).type"

    def _declared_otherwise(self, function: cst.FunctionDef, name: str) -> bool:
        """Is a parameter annotated as an object of a class other than a tensor type and
        typing's (`cfg: Config`, whose `device` may be a string)?"""
        annotated = _annotation(function, name)
        if annotated is None:
            return False
        named = last_name(annotated.annotation)
        qualified = self.facts.qualified_name(annotated.annotation) or ""
        return named[:1].isupper() and not named.endswith("Tensor") and not qualified.startswith("typing.")

    def _parameter_test(self, param: cst.Param) -> DeviceTest:
        """`torch.device(device).type == "mps"`, for a device parameter (not when it is None)."""
        name = param.name.value
        is_mps, not_mps = self._type_tests(f"{self.torch}.device({name}).type")
        if isinstance(param.default, cst.Name) and param.default.value == "None":
            return DeviceTest(f"{name} is not None and {is_mps}", f"({name} is None or {not_mps})", name)
        return DeviceTest(is_mps, not_mps, name)

    def _device_of_moves(self, function: cst.FunctionDef, uses: Sequence[cst.CSTNode]) -> Optional[DeviceTest]:
        """The device the moves among the uses go to, when they agree on one the dtype line
        can read: a name the function is given or finds bound (`device`, `DEVICE`), or the
        object's (`self.device`). Not the moved tensor's own `.device`: it is where the
        tensor is before the move."""
        targets = {moved[0] for use in uses if (moved := self._moved_by(self._call_of(use))) is not None}
        texts = {self.facts.module.code_for_node(target) for target in targets}
        if len(texts) != 1:
            return None
        target, text = targets.pop(), texts.pop()
        named = {param.name.value: param for param in all_params(function) if param.star == ""}
        if isinstance(target, cst.Name) and target.value in named and device_like_name(target.value):
            return self._parameter_test(named[target.value])
        params = set(named) - {"self", "cls"}
        tensor = _device_of(target, params)
        if tensor is not None:
            return DeviceTest(*self._type_tests(self._device_type(function, tensor)), f"{tensor}.device")
        if isinstance(target, cst.Name):  # a parameter, a name bound by then, or the module's
            local = self._device_local(function, uses, params)
            if local is not None and local.device == target.value:  # `device = x.device`: `device.type`
                return local
            bound = target.value in self._bound_before(function, uses) and _bindings_of(function, target.value) == 1
            readable = target.value not in _assigned_names(function) or bound  # bound once, before the first use
        else:
            readable = re.fullmatch(r"self\.\w+", text) is not None
        if not readable or not device_like_name(text.rpartition(".")[2]):
            return None
        return DeviceTest(*self._type_tests(f"{self.torch}.device({text}).type"), text)

    def _moved_by(self, use: cst.CSTNode) -> Optional[Tuple[cst.BaseExpression, Optional[cst.BaseExpression]]]:
        """Where a use moves its tensor (`_moved`), or the move chained right after it
        (`torch.tensor(a).to(device)`) moves it."""
        found = _moved(use)
        attribute = self.facts.parent(use) if found is None else None
        chained = self.facts.parent(attribute) if isinstance(attribute, cst.Attribute) else None
        if isinstance(chained, cst.Call) and chained.func is attribute:
            return _moved(chained)
        return found

    def _call_of(self, use: cst.CSTNode) -> cst.CSTNode:
        """The call a use is the `dtype=` of (`float` in `torch.full(..., dtype=float,
        device=d)`), else the use."""
        argument = self.facts.parent(use)
        call = self.facts.parent(argument) if isinstance(argument, cst.Arg) and argument.value is use else None
        keyword_name = argument.keyword.value if isinstance(argument, cst.Arg) and argument.keyword else None
        return call if isinstance(call, cst.Call) and keyword_name == "dtype" else use

    def _device_moved_to(
        self, function: cst.FunctionDef, params: Set[str], uses: Sequence[cst.CSTNode]
    ) -> Optional[DeviceTest]:
        """The device the function moves its values to (`model.to(DEVICE)`), when it is a
        module-level name, a name the function binds once before the first use (`device =
        get_device()`), or a parameter's `.device`: it exists wherever the dtype line goes."""
        assigned = _assigned_names(function)
        once = {name for name in self._bound_before(function, uses) if _bindings_of(function, name) == 1}
        for call in self.facts.calls:
            moved = moved_to(call) if self.facts.enclosing_function(call) is function else None
            target = moved[0] if moved is not None else None
            if target is None or not is_device_like(self.facts, target):
                continue
            named = target.value if isinstance(target, cst.Name) and target.value not in params else None
            if named is not None and (named not in assigned or named in once):
                local = self._device_local(function, uses, params) if named in once else None
                if local is not None and local.device == named:  # `device = x.device`: `device.type`
                    return local
                return DeviceTest(*self._type_tests(f"{self.torch}.device({named}).type"), named)
            tensor = _device_of(target, params - {"self", "cls"})
            if tensor is not None:
                return DeviceTest(*self._type_tests(self._device_type(function, tensor)), f"{tensor}.device")
        return None

    def _bound_before(self, function: cst.FunctionDef, uses: Sequence[cst.CSTNode]) -> Set[str]:
        """Names the function's body binds (`x = ...`, at its top level) before the statement
        of the first use, where a device-aware line would go: they exist there."""
        bound: Set[str] = set()
        for line in self._before_first_use(function, uses):
            for statement in line.body if isinstance(line, cst.SimpleStatementLine) else ():
                if isinstance(statement, cst.Assign):
                    bound |= {t.target.value for t in statement.targets if isinstance(t.target, cst.Name)}
        return bound

    def _before_first_use(self, function: cst.FunctionDef, uses: Sequence[cst.CSTNode]) -> Sequence[cst.BaseStatement]:
        """The statements of the function's body before the one that holds its first use
        (found in the tree: measuring the position of each would cost a code generation)."""
        body = function.body
        if not isinstance(body, cst.IndentedBlock):
            return ()
        holders = set()
        for use in uses:
            node: Optional[cst.CSTNode] = use
            while node is not None and self.facts.parent(node) is not body:
                node = self.facts.parent(node)
            if node is not None:
                holders.add(node)
        first = next((index for index, statement in enumerate(body.body) if statement in holders), 0)
        return body.body[:first]

    def _device_on_self(self, uses: Sequence[cst.CSTNode], params: Set[str]) -> Optional[DeviceTest]:
        """A use made on `device=self._device` (a metric's, a module's own device) in a
        method: `torch.device(self._device).type` tells."""
        if "self" not in params:
            return None
        for use in uses:
            holder = self.facts.parent(self.facts.parent(use) or use)
            device = keyword(holder, "device") if isinstance(holder, cst.Call) else None
            if (
                isinstance(device, cst.Attribute)
                and isinstance(device.value, cst.Name)
                and device.value.value == "self"
                and device_like_name(device.attr.value)
            ):
                text = f"self.{device.attr.value}"
                return DeviceTest(*self._type_tests(f"{self.torch}.device({text}).type"), text)
        return None

    def _device_local(
        self, function: cst.FunctionDef, uses: Sequence[cst.CSTNode], params: Set[str]
    ) -> Optional[DeviceTest]:
        """`device = x.device` of a parameter `x`, a statement of the function's body before
        the first use: its `.type` tells."""
        for line in self._before_first_use(function, uses):
            for statement in line.body if isinstance(line, cst.SimpleStatementLine) else ():
                if not (isinstance(statement, cst.Assign) and len(statement.targets) == 1):
                    continue
                target, value = statement.targets[0].target, statement.value
                owner = _device_of(value, params)
                if isinstance(target, cst.Name) and device_like_name(target.value) and owner:
                    tested = f"{target.value}.type" if self._may_be_a_tensor(function, owner) else (
                        f"{self.torch}.device({target.value}).type"
                    )
                    return DeviceTest(*self._type_tests(tested), target.value)
        return None

    def _type_tests(self, device_type: str) -> Tuple[str, str]:
        """`t == "mps"` and `t != "mps"`, or `in (...)` for several devices without float64."""
        devices = sorted(self.facts.devices)
        if len(devices) == 1:
            return f'{device_type} == "{devices[0]}"', f'{device_type} != "{devices[0]}"'
        listed = ", ".join(f'"{device}"' for device in devices)
        return f"{device_type} in ({listed})", f"{device_type} not in ({listed})"

    def _tensor_parameter(self, use: cst.CSTNode, params: Set[str]) -> Optional[str]:
        """`x` for a use in `f(..., device=x.device)`, `x.double()` or `x.type(torch.float64)`
        (through methods: `x.to_dense().type(...)`, `x.clone().double()`), `x` a parameter
        (or a tensor the function has bound by then: `params` holds those names too). None
        when the value goes on to a device spelled out that has float64 (`x.double().to("cpu")`:
        it never meets MPS, and `x` may be a module, which has no `.device`)."""
        holder = self.facts.parent(self.facts.parent(use) or use)
        onward = moved_to(holder) if isinstance(holder, cst.Call) else None
        if onward is not None and names_no_float64_device(self.facts, onward[0]) is False:
            return None
        if isinstance(use, cst.Call) and isinstance(use.func, cst.Attribute):
            moved = moved_to(use)
            tensor = _device_of(moved[0], params) if moved is not None else None
            if tensor is not None:  # `.to(x.device)`: where it goes tells
                return tensor
            receiver = use.func.value
            while isinstance(receiver, cst.Call) and isinstance(receiver.func, cst.Attribute):
                receiver = receiver.func.value
            if isinstance(receiver, cst.Name) and receiver.value in ("self", "cls"):
                return None  # a module's own method: no tensor
            if isinstance(receiver, cst.Name) and receiver.value in params:
                return receiver.value
        if isinstance(holder, cst.Call) and isinstance(holder.func, cst.Attribute):
            moved = moved_to(holder)  # `torch.from_numpy(a).to(x.device)`: where it goes tells
            tensor = _device_of(moved[0], params) if moved is not None else None
            if tensor is not None:
                return tensor
            receiver = holder.func.value  # `x.type(torch.float64)`, `x.to_dense().type(...)`
            while isinstance(receiver, cst.Call) and isinstance(receiver.func, cst.Attribute):
                receiver = receiver.func.value
            if isinstance(receiver, cst.Name) and receiver.value in params:
                return receiver.value
        return _device_of(keyword(holder, "device"), params) if isinstance(holder, cst.Call) else None

    def _wants_precision(self, function: cst.FunctionDef, calls: List[cst.Call], uses: Sequence[cst.CSTNode]) -> bool:
        """Float64 on purpose: a comment or a name speaks of precision (`upcast_to_double`,
        `self.double_precision`), the function hands its values to one that needs float64
        (`torch.autograd.gradcheck`), or the result is brought back to the input's dtype
        (`.to(x.dtype)`, `.type(dtype)` of a `dtype = x.dtype`, `.type_as(x)`) after float64
        work: a cast of something computed (not of a parameter as it came) after the first
        float64 use."""
        if _PRECISION_COMMENT.search(self.facts.module.code_for_node(function.body)):
            return True
        if any(self.facts.qualified_name(call.func) in NEEDS_FLOAT64 for call in calls):
            return True
        keywords = {arg.keyword.value for call in calls for arg in call.args if arg.keyword is not None}
        if any(
            _PRECISION_NAME.search(name)
            for name in names_in(function, attributes=True)
            if name not in _DTYPE_SPELLINGS
            and not name.endswith("Tensor")
            and (name in keywords or not _METRIC_NAME.match(name))
        ):
            return True
        first = min((self.maker.start(use) for use in uses), key=lambda p: (p.line, p.column), default=None)
        params = {p.name.value for p in all_params(function)}
        for call in calls:
            if not isinstance(call.func, cst.Attribute) or first is None:
                continue
            end = self.maker.end(call)
            if (end.line, end.column) <= (first.line, first.column):
                continue
            receiver = call.func.value
            if isinstance(receiver, cst.Name) and receiver.value in params:
                continue  # an input converted as it came, not float64 work brought back
            if casts_like(call):
                return True
            if method_name(call) in CONVERTING_METHODS and any(self._an_input_dtype(arg.value) for arg in call.args):
                return True
        return False

    def _an_input_dtype(self, node: cst.BaseExpression) -> bool:
        """`x.dtype`, or a name bound to it (`dtype = x.dtype` ... `.type(dtype)`)."""
        if isinstance(node, cst.Name):
            assigned = self.facts.assigned_value(node)
            node = assigned if assigned is not None else node
        return isinstance(node, cst.Attribute) and node.attr.value == "dtype"

    def _device_aware(
        self, function: cst.FunctionDef, uses: List[cst.CSTNode], names: Set[str], device: DeviceTest, on_purpose: bool
    ) -> Optional[FunctionPlan]:
        body = function.body
        if not isinstance(body, cst.IndentedBlock) or not uses:
            return None
        name = next((n for n in _DEVICE_AWARE_NAMES if n not in names), None)
        if name is None:
            return None
        first = min(uses, key=lambda node: (self.maker.start(node).line, self.maker.start(node).column))
        statement = self._top_statement(body, first)
        why = " (the function asks for float64 precision on purpose)" if on_purpose else ""
        if self.safe_helper is not None:
            module, helper = self.safe_helper.rsplit(".", 1)
            line = f"{name} = {helper}({self.torch}.float64, {device.device})"
            return FunctionPlan(
                Kind.DEVICE_AWARE,
                name,
                (
                    self.maker.insert_line_before(statement, line),
                    *self.import_edit,
                    *import_from(self.facts, self.maker, module, helper),
                ),
                f"Use the project's `{helper}` for float64 that MPS cannot hold{why}",
                Applicability.SAFE,
                device=device,
            )
        line = f"{name} = {self.torch}.float32 if {device.is_mps} else {self.torch}.float64"
        return FunctionPlan(
            Kind.DEVICE_AWARE,
            name,
            (self.maker.insert_line_before(statement, line), *self.import_edit),
            f"Use float32 on MPS only, float64 elsewhere as before{why}",
            Applicability.SAFE,
            device=device,
        )

    def _top_statement(self, body: cst.IndentedBlock, node: cst.CSTNode) -> cst.CSTNode:
        current = node
        while self.facts.parent(current) is not body:
            parent = self.facts.parent(current)
            assert parent is not None
            current = parent
        return current

    # The new parameter -----------------------------------------------------------------

    def _add_parameter(self, function: cst.FunctionDef, parameter: str) -> Edit:
        params = function.params
        maker = self.maker
        if isinstance(params.star_kwarg, cst.Param):
            return maker.insert_item_before(params.star_kwarg, parameter)
        items: List[cst.CSTNode] = [*params.posonly_params]
        if isinstance(params.posonly_ind, cst.ParamSlash):
            items.append(params.posonly_ind)
        items += [*params.params]
        if isinstance(params.star_arg, (cst.Param, cst.ParamStar)):
            items.append(params.star_arg)
        items += [*params.kwonly_params]
        if not items:
            return maker.insert(maker.start(params), parameter)
        last = items[-1]
        first = maker.start(items[0])
        wrapped = self._one_per_line(function, items, parameter)
        if wrapped is not None:
            return wrapped
        if isinstance(last, cst.Param):
            end = maker.item_end(last)
        else:  # `/` or a bare `*` cannot end the list; `/` can
            start = maker.start(last)
            end = type(start)(start.line, start.column + 1)
        return maker.append_item(first, end, parameter)

    def _one_per_line(self, function: cst.FunctionDef, items: List[cst.CSTNode], parameter: str) -> Optional[Edit]:
        """A signature whose parameters are on one line (the `def` line, or a line of their
        own under `def f(`) that the new parameter would make longer than the project's
        line length, laid out as its formatter would: one parameter per line, with a
        trailing comma."""
        maker = self.maker
        first, end = maker.start(items[0]), _item_end(maker, items[-1])
        line = maker.lines[first.line - 1]
        if end.line != first.line or len(line) + len(parameter) + 2 <= self.line_length:
            return None
        texts = [line[maker.start(item).column - 1 : _item_end(maker, item).column - 1] for item in items]
        opening = line.rfind("(", 0, first.column - 1)
        if opening < 0 and not line[: first.column - 1].strip() and not line[end.column - 1 :].strip(" ,"):
            # The parameters on a line of their own under `def f(`: one per line there.
            indent = line[: first.column - 1]
            body = ",\n".join(f"{indent}{text}" for text in [*texts, parameter])
            return Edit(Position(first.line, 1), Position(first.line, len(line) + 1), f"{body},")
        closing = line.find(")", end.column - 1)
        if opening < 0 or closing < 0 or line[end.column - 1 : closing].strip(" ,"):
            return None
        indent = maker.indent_of(first.line)
        body = "".join(f"{indent}    {text},\n" for text in [*texts, parameter])
        return Edit(Position(first.line, opening + 2), Position(first.line, closing + 1), f"\n{body}{indent}")


def class_of(facts: ModuleFacts, function: cst.FunctionDef) -> Optional[cst.ClassDef]:
    """The class a function is a method of, if any."""
    block = facts.parent(function)
    owner = facts.parent(block) if block is not None else None
    return owner if isinstance(owner, cst.ClassDef) else None


def _bindings_of(function: cst.FunctionDef, name: str) -> int:
    """How many times the function's body binds a name."""
    return sum(name in names_in(target) for target in _binding_targets(function))


def _assigned_names(function: cst.FunctionDef) -> Set[str]:
    """Names the function's body binds (assignments, loops, `with ... as`, walrus)."""
    return {name for target in _binding_targets(function) for name in names_in(target)}


def _binding_targets(function: cst.FunctionDef) -> List[cst.CSTNode]:
    """What the function's body binds names in: assignments', loops', `with ... as`' and
    walruses' targets."""
    targets: List[cst.CSTNode] = []
    for node in descendants([function.body]):
        if isinstance(node, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For, cst.NamedExpr)):
            targets.append(node.target)
        elif isinstance(node, cst.AsName):
            targets.append(node.name)
    return targets


def _item_end(maker: EditMaker, item: cst.CSTNode) -> Position:
    """Where a parameter (or a `/`, a bare `*`) ends, before its comma."""
    if isinstance(item, cst.Param):
        return maker.item_end(item)
    start = maker.start(item)
    return Position(start.line, start.column + 1)


def can_take_dtype(call: cst.Call) -> bool:
    """A call that does not pass a `dtype` already (nor maybe, through `**kwargs`)."""
    return keyword(call, "dtype") is None and not any(arg.star == "**" for arg in call.args)


def _device_of(node: Optional[cst.CSTNode], names: Set[str]) -> Optional[str]:
    """`x` when `node` is `x.device` for one of the `names`."""
    if (
        isinstance(node, cst.Attribute)
        and node.attr.value == "device"
        and isinstance(node.value, cst.Name)
        and node.value.value in names
    ):
        return node.value.value
    return None


def _annotation(function: cst.FunctionDef, name: str) -> Optional[cst.Annotation]:
    """The annotation of a function's parameter of this name, if it has one."""
    return next((param.annotation for param in all_params(function) if param.name.value == name), None)


def _moved(use: cst.CSTNode) -> Optional[Tuple[cst.BaseExpression, Optional[cst.BaseExpression]]]:
    """Where a use that is a move (`x.to(device)`) moves its tensor to, or a call that makes
    one on a device puts it (`torch.full(shape, v, dtype=float, device=self.device)`)."""
    if not isinstance(use, cst.Call):
        return None
    placed = keyword(use, "device")
    return moved_to(use) or ((placed, keyword(use, "dtype")) if placed is not None else None)

