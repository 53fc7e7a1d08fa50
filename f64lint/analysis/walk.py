"""The one walk over a module that fills ModuleFacts.

A plain recursive walk over each node's dataclass fields, not LibCST's visitor: the
visitor's dispatch (a hook lookup per node and per field) cost as much as the parse itself,
and whitespace, brackets and commas, more than half of all nodes, never matter here.
Nodes that open scopes or bind names are handled so that each part is walked in the scope
Python evaluates it in (a function's defaults and decorators outside it, its body inside).
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING, Callable, Dict, Iterator, List, Optional, Sequence, Set, Tuple, Type, TypeVar

from f64lint.analysis.bindings import (
    Binding,
    ScopeStack,
    import_bindings,
    import_from_bindings,
    target_names,
    unknown_local,
)
from f64lint.analysis.devices import holds_no_data, is_cpu_device, mps_test, true_only_off_mps
from f64lint.cst import cst

if TYPE_CHECKING:  # a real import would be circular
    from f64lint.analysis.module import ModuleFacts

N = TypeVar("N", bound="cst.CSTNode")

_NOT_CODE = frozenset(
    {
        "lpar", "rpar", "lbrace", "rbrace", "lbracket", "rbracket", "leading_lines",
        "lines_after_decorators", "header", "footer", "comma", "semicolon", "equal", "colon",
        "first_colon", "second_colon", "dot", "operator", "newline", "trailing_whitespace",
        "leading_whitespace", "indent", "asynchronous", "star", "empty_lines", "encoding",
        "default_indent", "default_newline", "has_trailing_newline", "first_line", "last_line",
        "comment", "separator", "posonly_ind", "relative", "trailing_comma", "conversion",
    }
)
_FIELDS: Dict[type, Tuple[str, ...]] = {}


def _code_fields(node_type: Type[cst.CSTNode]) -> Tuple[str, ...]:
    fields = _FIELDS.get(node_type)
    if fields is None:
        fields = tuple(
            f.name
            for f in dataclasses.fields(node_type)
            if f.name not in _NOT_CODE and not f.name.startswith("whitespace")
        )
        _FIELDS[node_type] = fields
    return fields


def code_children(node: cst.CSTNode, only: Sequence[str] = ()) -> Iterator[cst.CSTNode]:
    """A node's children that are code (or those in the fields `only`), in order: no
    whitespace, brackets or commas. LibCST's `children` collects them with a visitor, many
    times slower."""
    for name in only or _code_fields(type(node)):
        value = getattr(node, name)
        if _is_node(value):
            yield value
        elif isinstance(value, (tuple, list)):
            for item in value:
                if _is_node(item):
                    yield item


_NODE_TYPES: Dict[type, bool] = {}


def _is_node(value: object) -> bool:
    """`isinstance(value, cst.CSTNode)`, by a lookup of the value's type: `CSTNode` is an
    abstract base class, whose `isinstance` is several times slower."""
    kind = type(value)
    known = _NODE_TYPES.get(kind)
    if known is None:
        known = _NODE_TYPES[kind] = issubclass(kind, cst.CSTNode)
    return known


_MPS_ERRORS = frozenset({"TypeError", "RuntimeError", "Exception", "BaseException"})


def _handles_mps_error(facts: "ModuleFacts", handler: cst.ExceptHandler) -> bool:
    """Catches what MPS raises (TypeError, RuntimeError, or anything) and does not raise
    again on MPS (a `raise` under `if device.type == "cuda":` is for CUDA)."""
    caught = handler.type
    if caught is None:
        names = {"BaseException"}
    elif isinstance(caught, cst.Tuple):
        names = {_last_name(element.value) for element in caught.elements}
    else:
        names = {_last_name(caught)}
    return bool(names & _MPS_ERRORS) and not _may_raise_on_mps(facts, handler.body)


_EXPECTS_AN_ERROR = frozenset({"assertRaises", "assertRaisesRegex", "assertRaisesRegexp"})


def _expects_an_error(facts: "ModuleFacts", item: cst.BaseExpression) -> bool:
    """`with self.assertRaises(...):` or `with pytest.raises(...):` (a test of code that is
    meant to fail: what it makes is never used)."""
    if not isinstance(item, cst.Call):
        return False
    return _last_name(item.func) in _EXPECTS_AN_ERROR or facts.qualified_name(item.func) == "pytest.raises"


def _last_name(node: cst.BaseExpression) -> str:
    if isinstance(node, cst.Attribute):
        return node.attr.value
    return node.value if isinstance(node, cst.Name) else ""


def own_nodes(node: cst.CSTNode, kind: Type[N]) -> Iterator[N]:
    """The nodes of a kind in a body, not in the functions and classes nested in it
    (its `return`s, its `raise`s)."""
    stack: List[cst.CSTNode] = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, kind):
            yield current
        if not isinstance(current, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            stack.extend(current.children)


def _may_raise_on_mps(facts: "ModuleFacts", node: cst.CSTNode) -> bool:
    """A `raise` in a body (not in nested functions), unless it is under a condition that
    holds only off MPS."""
    if isinstance(node, cst.Raise):
        return True
    if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
        return False
    if isinstance(node, cst.If) and true_only_off_mps(facts, node.test):
        return node.orelse is not None and _may_raise_on_mps(facts, node.orelse)
    return any(_may_raise_on_mps(facts, child) for child in node.children)


def _never_on_mps(function: cst.FunctionDef) -> bool:
    """A function whose tensors never hold data on MPS: an ONNX symbolic, a meta/fake
    kernel, or one named for CUDA. (One that cannot run without CUDA is found during the
    walk.)"""
    return _builds_onnx_graph(function) or _is_meta_kernel(function) or named_for_cuda(function.name.value)


# Libraries and APIs that exist only on NVIDIA GPUs.
_CUDA_ONLY_WORDS = frozenset({"cuda", "cutlass", "cudnn", "cublas", "cufft", "cusparse", "cusolver", "nccl"})
_NAME_WORDS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+")  # `CUTLASSBenchmark`: CUTLASS, Benchmark


def named_for_cuda(name: str) -> bool:
    """A function or class named for a CUDA-only library or API (`CUTLASSBenchmarkRequest`,
    `cuda_graph_runner`, `test_nccl_reduce`) is written for NVIDIA GPUs: on a Mac it is never
    reached. A name that says MPS too (`cuda_or_mps`) is not."""
    words = {word.lower() for word in _NAME_WORDS.findall(name)}
    return not words.isdisjoint(_CUDA_ONLY_WORDS) and "mps" not in words


def _refuses_mps(facts: "ModuleFacts", owner: cst.ClassDef) -> bool:
    """A class with a method that raises for a tensor on MPS: `if not _is_supported_device(t):
    raise ...` where the devices it supports have float64, `assert t.is_cuda`, `if
    t.device.type == "mps": raise ...`. It is written for those devices (torch's FSDP
    `ShardedGradScaler`), and on MPS it fails at that check."""
    for method in owner.body.body:
        if not isinstance(method, cst.FunctionDef):
            continue
        for check in _checks(method.body):
            if isinstance(check, cst.Assert):
                if true_only_off_mps(facts, check.test):
                    return True
            elif isinstance(_last_statement(check.body), cst.Raise):
                test = check.test
                if mps_test(facts, test) is True or (
                    isinstance(test, cst.UnaryOperation)
                    and isinstance(test.operator, cst.Not)
                    and true_only_off_mps(facts, test.expression)
                ):
                    return True
    return False


def _checks(body: cst.BaseSuite) -> Iterator[cst.CSTNode]:
    """The `if` and `assert` statements of a body and of the blocks in it, not of nested
    functions and classes (statements only: expressions are not entered)."""
    blocks: List[cst.BaseSuite] = [body]
    while blocks:
        for statement in blocks.pop().body:
            if isinstance(statement, cst.SimpleStatementLine):
                yield from (small for small in statement.body if isinstance(small, cst.Assert))
            elif isinstance(statement, cst.Assert):  # in a one-line block
                yield statement
            elif isinstance(statement, cst.If):
                part: Optional[cst.CSTNode] = statement
                while isinstance(part, cst.If):  # the `if` and its `elif`s
                    yield part
                    blocks.append(part.body)
                    part = part.orelse
                if isinstance(part, cst.Else):
                    blocks.append(part.body)
            elif not isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
                blocks.extend(_blocks_of(statement))


def _blocks_of(statement: cst.CSTNode) -> List[cst.BaseSuite]:
    """The blocks of a `for`, `while`, `with`, `try` or `match`: body, `else`, handlers,
    `finally`, cases."""
    parts = [
        statement,
        getattr(statement, "orelse", None),
        getattr(statement, "finalbody", None),
        *getattr(statement, "handlers", ()),
        *getattr(statement, "cases", ()),
    ]
    return [part.body for part in parts if part is not None and isinstance(getattr(part, "body", None), cst.BaseSuite)]


_META_REGISTRATIONS = frozenset(
    {"register_meta", "register_fake", "impl_abstract", "register_fake_class", "register_op_impl"}
)


def _is_meta_kernel(function: cst.FunctionDef) -> bool:
    """`@register_meta(aten.op)`, `@torch.library.register_fake("lib::op")`,
    `@impl(lib, "op", "Meta")`, torch's own `@register_op_impl(...)` for fake tensors: a
    kernel for meta or fake tensors, which have no data."""
    for decorator in function.decorators:
        registration = decorator.decorator
        callee = registration.func if isinstance(registration, cst.Call) else registration
        if isinstance(callee, (cst.Name, cst.Attribute)) and _last_name(callee) in _META_REGISTRATIONS:
            return True
        if isinstance(registration, cst.Call) and any(
            isinstance(arg.value, cst.SimpleString) and arg.value.evaluated_value == "Meta" for arg in registration.args
        ):
            return True
    return False


# CUDA calls that raise on a machine without CUDA (unlike `is_available()` or `empty_cache()`).
_CUDA_ONLY_NAMES = frozenset(
    {
        "current_stream", "default_stream", "synchronize", "set_device", "current_device",
        "get_device_properties", "mem_get_info", "Stream", "Event",
    }
)
_CUDA_ONLY = frozenset(f"torch.cuda.{name}" for name in _CUDA_ONLY_NAMES)
# Node classes by name: see f64lint/cst.py.
_CONDITIONAL = frozenset({
    "If", "IfExp", "Try", "TryStar", "While", "For", "With", "Match",
    "BooleanOperation", "Lambda", "ListComp", "SetComp", "DictComp", "GeneratorExp",
})


def _dotted(node: cst.BaseExpression, lookup: Callable[[str], Optional[Binding]]) -> Optional[str]:
    if isinstance(node, cst.Name):
        binding = lookup(node.value)
        return binding.qualified_name if binding is not None else None
    if isinstance(node, cst.Attribute):
        base = _dotted(node.value, lookup)
        return f"{base}.{node.attr.value}" if base is not None else None
    return None


def _last_statement(body: cst.BaseSuite) -> Optional[cst.CSTNode]:
    last: Optional[cst.CSTNode] = body.body[-1] if body.body else None
    if isinstance(last, cst.SimpleStatementLine):
        last = last.body[-1] if last.body else None
    return last


def _exits(body: cst.BaseSuite) -> bool:
    """Does a block end by leaving (`return`, `raise`, `continue`, `break`)?"""
    return isinstance(_last_statement(body), (cst.Return, cst.Raise, cst.Continue, cst.Break))


def _leaves(branch: cst.CSTNode) -> bool:
    """Does a branch (an `if` or `else` block, a handler, a `case`) always leave: its last
    statement returns, raises, continues or breaks? An `elif` is a branch of its own."""
    if isinstance(branch, (cst.Else, cst.ExceptHandler, cst.ExceptStarHandler, cst.MatchCase)):
        branch = branch.body
    return isinstance(branch, cst.BaseSuite) and _exits(branch)


def _builds_onnx_graph(function: cst.FunctionDef) -> bool:
    """An ONNX symbolic function (`def gelu(g: GraphContext, self, ...)`, or a first
    parameter `g` whose `.op(...)` it calls): the tensors it makes are constants of the
    exported graph, serialized and never computed with on a device."""
    params = function.params.params
    if not params:
        return False
    for param in params:
        annotation = param.annotation.annotation if param.annotation is not None else None
        if isinstance(annotation, cst.SimpleString):
            written = annotation.evaluated_value
            name = written.rsplit(".", 1)[-1] if isinstance(written, str) else ""
        else:
            name = _last_name(annotation) if isinstance(annotation, (cst.Name, cst.Attribute)) else ""
        if name in ("GraphContext", "Graph"):
            return True
    if params[0].name.value != "g":
        return False
    return any(
        isinstance(call.func, cst.Attribute)
        and call.func.attr.value == "op"
        and isinstance(call.func.value, cst.Name)
        and call.func.value.value == "g"
        for call in own_nodes(function.body, cst.Call)
    )


class Walker:
    def __init__(self, facts: "ModuleFacts") -> None:
        self.facts = facts
        self.scopes = ScopeStack()
        self.off_mps_depth = 0
        self.functions: List[cst.FunctionDef] = []  # the functions being walked, innermost last
        self.needs_cuda: Set[cst.FunctionDef] = set()
        self.special: Dict[type, Callable[[cst.CSTNode], None]] = {
            cst.Name: self._name,
            cst.Attribute: self._attribute,
            cst.Call: self._call,
            cst.Param: self._param,
            cst.Import: self._import,
            cst.ImportFrom: self._import_from,
            cst.Assign: self._assign,
            cst.Expr: self._expression,
            cst.AnnAssign: self._ann_assign,
            cst.AugAssign: self._aug_assign,
            cst.NamedExpr: self._named_expr,
            cst.For: self._for,
            cst.While: self._while,
            cst.With: self._with,
            cst.If: self._if,
            cst.IndentedBlock: self._block,
            cst.IfExp: self._if_expression,
            cst.Try: self._try,
            cst.TryStar: self._try,
            cst.Match: self._match,
            cst.ExceptHandler: self._except_handler,
            cst.ExceptStarHandler: self._except_handler,
            cst.MatchAs: self._match_capture,
            cst.MatchStar: self._match_capture,
            cst.MatchMapping: self._match_mapping,
            cst.FunctionDef: self._function,
            cst.Lambda: self._lambda,
            cst.ClassDef: self._class,
            cst.ListComp: self._comprehension,
            cst.SetComp: self._comprehension,
            cst.DictComp: self._comprehension,
            cst.GeneratorExp: self._comprehension,
        }

    # The walk ------------------------------------------------------------------------

    def walk(self, node: cst.CSTNode, parent: Optional[cst.CSTNode]) -> None:
        if parent is not None:
            self.facts.parents[node] = parent
        handler = self.special.get(type(node))
        if handler is not None:
            handler(node)
        else:
            self.children(node)

    def children(self, node: cst.CSTNode, only: Sequence[str] = ()) -> None:
        for child in code_children(node, only):
            self.walk(child, node)

    def _bind_unknown(self, target: Optional[cst.CSTNode]) -> None:
        if isinstance(target, cst.BaseExpression):
            for name in target_names(target):
                self.scopes.bind(name, unknown_local())

    def _bind_value(self, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name):
            self.scopes.bind(target.value, Binding(value=value))
        elif isinstance(target, (cst.Tuple, cst.List)) and not any(
            isinstance(element, cst.StarredElement) for element in target.elements
        ):
            self._bind_unpacked(target, value)
        else:
            self._bind_unknown(target)

    def _bind_unpacked(self, target: cst.Tuple | cst.List, value: cst.BaseExpression) -> None:
        """`a, b = x, y` binds element by element; `a, b = torch.meshgrid(...)` binds each
        name to the call, whose result they are parts of."""
        if isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == len(target.elements):
            if not any(isinstance(element, cst.StarredElement) for element in value.elements):
                for element, item in zip(target.elements, value.elements):
                    self._bind_value(element.value, item.value)
                return
        if isinstance(value, cst.Call):
            starred = any(isinstance(element, cst.StarredElement) for element in target.elements)
            for index, element in enumerate(target.elements):
                if isinstance(element.value, cst.Name):
                    self.scopes.bind(element.value.value, Binding(value=value, part=None if starred else index))
                else:
                    self._bind_unknown(element.value)
            return
        self._bind_unknown(target)

    # Reads ---------------------------------------------------------------------------

    def _name(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.Name)
        self.facts.bindings[node] = self.scopes.lookup(node.value)

    def _attribute(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.Attribute)
        # `attr` is not a variable: only the object is looked up.
        self.walk(node.value, node)

    def _call(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.Call)
        self.facts.calls.append(node)
        if self.off_mps_depth:
            self.facts.off_mps_calls.add(node)
        func = node.func
        if (
            self.functions
            and isinstance(func, cst.Attribute)
            and func.attr.value in _CUDA_ONLY_NAMES
            and _dotted(func, self.scopes.lookup) in _CUDA_ONLY
            and self._unconditional(node)
        ):
            self.needs_cuda.add(self.functions[-1])
        self.children(node)

    def _unconditional(self, node: cst.CSTNode) -> bool:
        """Does a node in the innermost function run whenever the function does (not under
        a condition, loop, `try` or `with`)?"""
        current = self.facts.parent(node)
        while current is not None and current is not self.functions[-1]:
            if type(current).__name__ in _CONDITIONAL:
                return False
            current = self.facts.parent(current)
        return current is not None

    def finish(self) -> None:
        """A function that needs CUDA before anything else never runs on a Mac: its calls
        are off MPS."""
        if not self.needs_cuda:
            return
        for call in self.facts.calls:
            current = self.facts.parent(call)
            while current is not None:
                if current in self.needs_cuda:
                    self.facts.off_mps_calls.add(call)
                    break
                current = self.facts.parent(current)

    def _param(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.Param)
        if node.default is not None:
            self.facts.defaults.append(node)
        self.children(node, ("annotation", "default"))

    # Bindings ------------------------------------------------------------------------

    def _import(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.Import)
        for name, binding in import_bindings(node).items():
            self.scopes.bind(name, binding)

    def _import_from(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.ImportFrom)
        bound, star_module = import_from_bindings(node)
        for name, binding in bound.items():
            self.scopes.bind(name, binding)
        if star_module is not None:
            self.scopes.bind_star(star_module)

    def _assign(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.Assign)
        self.children(node)
        for target in node.targets:
            self._bind_value(target.target, node.value)

    def _expression(self, node: cst.CSTNode) -> None:
        """`model.double()` as a statement converts a module in place: from then on the name
        holds float64, as after `model = model.double()`. (On a tensor the statement does
        nothing, and is flagged for the `.double()` anyway.)"""
        assert isinstance(node, cst.Expr)
        self.children(node)
        call = node.value
        if (
            isinstance(call, cst.Call)
            and isinstance(call.func, cst.Attribute)
            and isinstance(call.func.value, cst.Name)
            and call.func.attr.value == "double"
            and not call.args
        ):
            self.scopes.bind(call.func.value.value, Binding(value=call))

    def _ann_assign(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.AnnAssign)
        self.children(node)
        if node.value is not None:
            self._bind_value(node.target, node.value)

    def _aug_assign(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.AugAssign)
        self.children(node)
        # `a *= 2.0` keeps what `a` was; it only stops meaning an imported module.
        if isinstance(node.target, cst.Name):
            current = self.scopes.lookup(node.target.value)
            if current is None or current.qualified_name is not None:
                self.scopes.bind(node.target.value, unknown_local())

    def _named_expr(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.NamedExpr)
        self.children(node)
        self._bind_value(node.target, node.value)

    def _for(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.For)
        self.children(node, ("target", "iter"))
        before = self.scopes.names()
        self._bind_unknown(node.target)
        self._loop_body(node, before)

    def _while(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.While)
        self.children(node, ("test",))
        self._loop_body(node, self.scopes.names())

    def _loop_body(self, node: cst.For | cst.While, before: Dict[str, Binding]) -> None:
        """A loop's body runs any number of times: after it a name holds what it held
        before or what the body left (a `break` or `continue` goes on after the loop too)."""
        self.walk(node.body, node)
        self.scopes.join(before, [before, self.scopes.names()])
        if node.orelse is not None:
            self.walk(node.orelse, node)

    def _with(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.With)
        self.children(node, ("items",))
        for item in node.items:
            if item.asname is not None:
                self._bind_unknown(item.asname.name)
        off_mps = any(
            is_cpu_device(self.facts, item.item)
            or holds_no_data(self.facts, item.item)
            or _expects_an_error(self.facts, item.item)
            for item in node.items
        )
        self._guarded(node.body, node, off_mps)

    def _if(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.If)
        self._branches(node, node.test, node.body, node.orelse)

    def _branches(
        self, node: cst.CSTNode, test: cst.BaseExpression, body: cst.CSTNode, orelse: Optional[cst.CSTNode]
    ) -> None:
        """The branch an MPS test keeps MPS out of never runs there, nor one that runs only
        on devices with float64 (`device.type == "cuda"`) or for quantized tensors."""
        self.walk(test, node)
        on_mps = mps_test(self.facts, test)
        body_off_mps = on_mps is False or true_only_off_mps(self.facts, test)
        branches = [(body, body_off_mps)] + ([(orelse, on_mps is True)] if orelse is not None else [])
        self._one_of(node, branches, self.scopes.names(), may_skip=orelse is None)

    def _one_of(
        self,
        node: cst.CSTNode,
        branches: Sequence[Tuple[cst.CSTNode, bool]],
        before: Dict[str, Binding],
        may_skip: bool,
    ) -> None:
        """Walk branches of which one runs (each marked off MPS or not), each from the
        bindings `before`. After them a name sees what any branch that goes on may have
        bound, and what it was before when none may run."""
        outcomes = [before] if may_skip else []
        for branch, off_mps in branches:
            self.scopes.restore(before)
            self._guarded(branch, node, off_mps)
            if not _leaves(branch):
                outcomes.append(self.scopes.names())
        self.scopes.join(before, outcomes)

    def _block(self, node: cst.CSTNode) -> None:
        """After `if x.device.type == "mps": return ...` the rest of the block is off MPS."""
        assert isinstance(node, cst.IndentedBlock)
        guarded = 0
        for statement in node.body:
            self.walk(statement, node)
            if (
                not guarded
                and isinstance(statement, cst.If)
                and statement.orelse is None
                and _exits(statement.body)
                and mps_test(self.facts, statement.test) is True
            ):
                guarded = 1
                self.off_mps_depth += 1
        self.off_mps_depth -= guarded

    def _if_expression(self, node: cst.CSTNode) -> None:
        """`a.double() if a.device.type != "mps" else a.float()`: guarded like an `if`."""
        assert isinstance(node, cst.IfExp)
        self._branches(node, node.test, node.body, node.orelse)

    def _try(self, node: cst.CSTNode) -> None:
        """A `try:` whose handler catches MPS's error and does not raise again is a probe
        (`try: torch.zeros(1, dtype=torch.float64, device=device) except TypeError: ...`):
        a float64 failure there is handled, not a crash. After the `try`, a name sees what
        the body (and `else`) or any handler that goes on may have bound."""
        assert isinstance(node, (cst.Try, cst.TryStar))
        self._guarded(node.body, node, any(_handles_mps_error(self.facts, handler) for handler in node.handlers))
        after_body = self.scopes.names()
        completed = [(node.orelse, False)] if node.orelse is not None else []
        handled = [(handler, False) for handler in node.handlers]
        self._one_of(node, completed + handled, after_body, may_skip=node.orelse is None)
        if node.finalbody is not None:
            self.walk(node.finalbody, node)

    def _match(self, node: cst.CSTNode) -> None:
        """Each `case` is a branch; a match may take none of them."""
        assert isinstance(node, cst.Match)
        self.walk(node.subject, node)
        self._one_of(node, [(case, False) for case in node.cases], self.scopes.names(), may_skip=True)

    def _guarded(self, part: cst.CSTNode, parent: cst.CSTNode, off_mps: bool) -> None:
        self.off_mps_depth += off_mps
        self.walk(part, parent)
        self.off_mps_depth -= off_mps

    def _except_handler(self, node: cst.CSTNode) -> None:
        assert isinstance(node, (cst.ExceptHandler, cst.ExceptStarHandler))
        self.children(node, ("type",))
        if node.name is not None:
            self._bind_unknown(node.name.name)
        self.children(node, ("body",))

    def _match_capture(self, node: cst.CSTNode) -> None:
        assert isinstance(node, (cst.MatchAs, cst.MatchStar))
        self._bind_unknown(node.name)
        self.children(node)

    def _match_mapping(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.MatchMapping)
        self._bind_unknown(node.rest)
        self.children(node)

    # Scopes --------------------------------------------------------------------------

    def _bind_params(self, params: cst.Parameters) -> None:
        every = [*params.posonly_params, *params.params, *params.kwonly_params]
        every += [star for star in (params.star_arg, params.star_kwarg) if isinstance(star, cst.Param)]
        for param in every:
            binding = unknown_local()
            self.scopes.bind(param.name.value, binding)
            self.facts.bindings[param.name] = binding  # its reads are found by it

    def _function(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.FunctionDef)
        self.children(node, ("decorators", "type_parameters", "params", "returns"))
        self.scopes.push()
        self._bind_params(node.params)
        self.functions.append(node)
        self._guarded(node.body, node, _never_on_mps(node))
        self.functions.pop()
        self.scopes.pop()
        self.scopes.bind(node.name.value, unknown_local())

    def _lambda(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.Lambda)
        self.children(node, ("params",))
        self.scopes.push()
        self._bind_params(node.params)
        self.children(node, ("body",))
        self.scopes.pop()

    def _class(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.ClassDef)
        self.children(node, ("decorators", "type_parameters", "bases", "keywords"))
        self.scopes.push(is_class=True)
        self._guarded(node.body, node, named_for_cuda(node.name.value) or _refuses_mps(self.facts, node))
        self.scopes.pop()
        self.scopes.bind(node.name.value, unknown_local())

    def _comprehension(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.BaseComp)
        self.scopes.push()
        # The element comes before its `for` clauses in the source: bind their targets first.
        clause: Optional[cst.CompFor] = node.for_in
        while clause is not None:
            self._bind_unknown(clause.target)
            clause = clause.inner_for_in
        self.children(node)
        self.scopes.pop()
