"""Reading LibCST nodes: their code children, the statements and blocks of a body, names."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Dict, Iterator, List, Optional, Sequence, Set, Tuple, Type, TypeVar

from f64lint.cst import cst

if TYPE_CHECKING:
    from typing_extensions import TypeGuard

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


def own_nodes(node: cst.CSTNode, kind: Type[N]) -> Iterator[N]:
    """The nodes of a kind in a body, not in the functions and classes nested in it
    (its `return`s, its `raise`s). (A node is told from a nested scope by its type: LibCST's
    node classes are abstract base classes, whose `isinstance` is several times slower
    where it fails, and the concrete ones have no subclasses.)"""
    stack: List[cst.CSTNode] = [node]
    scopes = (cst.FunctionDef, cst.Lambda, cst.ClassDef)
    while stack:
        current = stack.pop()
        if isinstance(current, kind):
            yield current
        if type(current) not in scopes:
            stack.extend(code_children(current))


def is_self_attribute(target: cst.CSTNode) -> "TypeGuard[cst.Attribute]":
    """`self.<name>`."""
    return isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == "self"


def last_name(node: Optional[cst.BaseExpression]) -> str:
    """`b` for `a.b` and for `b`; empty for anything else."""
    if isinstance(node, cst.Attribute):
        return node.attr.value
    return node.value if isinstance(node, cst.Name) else ""


def is_property(method: cst.FunctionDef) -> bool:
    """A method read as an attribute (`@property`, `@functools.cached_property`)."""
    return any(last_name(decorator.decorator) in ("property", "cached_property") for decorator in method.decorators)


def is_called_on_the_class(method: cst.FunctionDef) -> bool:
    """A method called on the class as well as its objects (`@classmethod`, `@staticmethod`)."""
    return any(last_name(decorator.decorator) in ("classmethod", "staticmethod") for decorator in method.decorators)


def integer_index(node: cst.Subscript) -> Optional[int]:
    """`2` for `x[2]`; None for a slice, several indices or an index that is no integer literal."""
    index = _single_index(node)
    return index.evaluated_value if isinstance(index, cst.Integer) else None


def index_from_end(node: cst.Subscript) -> Optional[int]:
    """`2` for `x[-2]`; None for any other subscript."""
    index = _single_index(node)
    if not (isinstance(index, cst.UnaryOperation) and isinstance(index.operator, cst.Minus)):
        return None
    if not isinstance(index.expression, cst.Integer):
        return None
    counted = index.expression.evaluated_value
    return counted if isinstance(counted, int) and counted > 0 else None


def _single_index(node: cst.Subscript) -> Optional[cst.BaseExpression]:
    """The one index of a subscript (`i` of `x[i]`); None for a slice or several."""
    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return None
    return node.slice[0].slice.value


def dotted_name(node: cst.BaseExpression) -> Optional[str]:
    """`a.b.c` for a chain of attributes on a name, else None."""
    parts: List[str] = []
    while isinstance(node, cst.Attribute):
        parts.append(node.attr.value)
        node = node.value
    if not isinstance(node, cst.Name):
        return None
    parts.append(node.value)
    return ".".join(reversed(parts))


def target_names(target: cst.BaseExpression) -> Set[str]:
    """Names bound by an assignment target (`a`, `a, (b, *c)`); attributes bind nothing."""
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        names: Set[str] = set()
        for element in target.elements:
            names |= target_names(element.value)
        return names
    if isinstance(target, cst.StarredElement):
        return target_names(target.value)
    return set()


def assignment(node: cst.CSTNode) -> Optional[Tuple[List[cst.BaseAssignTargetExpression], cst.BaseExpression]]:
    """The targets and the value of `a = b = value` or `a: type = value` (not of one
    annotated without a value)."""
    if isinstance(node, cst.Assign):
        return [target.target for target in node.targets], node.value
    if isinstance(node, cst.AnnAssign) and node.value is not None:
        return [node.target], node.value
    return None


def attributes_assigned(assign: Optional[cst.CSTNode], value: cst.BaseExpression) -> List[cst.Attribute]:
    """The attributes `assign`, the parent of `value`, sets to it: `obj.x` of `obj.x = value`
    (none where it is no such `=`)."""
    if not isinstance(assign, cst.Assign) or assign.value is not value:
        return []
    return [target.target for target in assign.targets if isinstance(target.target, cst.Attribute)]


def last_statement(body: cst.BaseSuite) -> Optional[cst.CSTNode]:
    last: Optional[cst.CSTNode] = body.body[-1] if body.body else None
    if isinstance(last, cst.SimpleStatementLine):
        last = last.body[-1] if last.body else None
    return last


def exits(body: cst.BaseSuite) -> bool:
    """Does a block end by leaving (`return`, `raise`, `continue`, `break`)?"""
    return isinstance(last_statement(body), (cst.Return, cst.Raise, cst.Continue, cst.Break))


def leaves(branch: cst.CSTNode) -> bool:
    """Does a branch (an `if` or `else` block, a handler, a `case`) always leave: its last
    statement returns, raises, continues or breaks? An `elif` is a branch of its own."""
    if isinstance(branch, (cst.Else, cst.ExceptHandler, cst.ExceptStarHandler, cst.MatchCase)):
        branch = branch.body
    return isinstance(branch, cst.BaseSuite) and exits(branch)


def descendants(nodes: Sequence[cst.CSTNode]) -> Iterator[cst.CSTNode]:
    """The nodes under these (them included, nested functions and classes too), in source
    order."""
    pending: List[cst.CSTNode] = list(reversed(nodes))
    while pending:
        node = pending.pop()
        yield node
        pending.extend(reversed(list(code_children(node))))


def caught(handler: cst.ExceptHandler | cst.ExceptStarHandler) -> Set[str]:
    """The names of the exceptions an `except` clause catches (`BaseException` when bare)."""
    kind = handler.type
    if kind is None:
        return {"BaseException"}
    if isinstance(kind, cst.Tuple):
        return {last_name(element.value) for element in kind.elements}
    return {last_name(kind)}


def is_docstring(line: cst.BaseStatement | cst.BaseSmallStatement) -> bool:
    return (
        isinstance(line, cst.SimpleStatementLine)
        and isinstance(line.body[0], cst.Expr)
        and isinstance(line.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


def checks(body: cst.BaseSuite) -> Iterator[cst.Assert | cst.If]:
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
                blocks.extend(blocks_of(statement))


def blocks_of(statement: cst.CSTNode) -> List[cst.BaseSuite]:
    """The blocks of an `if` (with its `elif`s), `for`, `while`, `with`, `try` or `match`:
    body, `else`, handlers, `finally`, cases."""
    if isinstance(statement, cst.If) and isinstance(statement.orelse, cst.If):
        return [statement.body, *blocks_of(statement.orelse)]
    parts = [
        statement,
        getattr(statement, "orelse", None),
        getattr(statement, "finalbody", None),
        *getattr(statement, "handlers", ()),
        *getattr(statement, "cases", ()),
    ]
    return [part.body for part in parts if part is not None and isinstance(getattr(part, "body", None), cst.BaseSuite)]


def keyed(element: cst.BaseDictElement, key: str) -> bool:
    """Is a dict entry written `"key": value` (or `'key'`)? (Its text is compared: evaluating
    every key of torch's large literal tables would cost seconds.)"""
    return (
        isinstance(element, cst.DictElement)
        and isinstance(element.key, cst.SimpleString)
        and element.key.value in (f'"{key}"', f"'{key}'")
    )
