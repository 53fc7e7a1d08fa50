"""Positions of nodes, computed one definition or top-level statement at a time.

LibCST's `PositionProvider` regenerates the whole module's code while tracking every token,
the slowest step left for a large file with a finding. Positions are only needed for the
few statements that hold a finding or a fix, so each is measured on its own: the
innermost statement holding the node that is reached from the module through the bodies
of functions and classes only (a statement of a method, not its 3,000-line class), or
else the top-level statement. It is generated as a module of one statement and moved:
down by the line it starts on, which CPython's parser gives (`ast`, fast, and parsing the
same text), and right, line by line, by the indentation the source has there and the
generated code has not. Every generated line is checked to end the source's line;
where one does not (some layout this does not foresee), the top-level statement, and at
worst the module, is measured instead.
"""

from __future__ import annotations

import ast
import re
import warnings
from typing import TYPE_CHECKING, Dict, Iterator, List, Mapping, Optional, Sequence, Set, Tuple, cast

from f64lint.cst import cst

if TYPE_CHECKING:
    from typing_extensions import TypeGuard

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def source_lines(text: str) -> List[str]:
    """A source's lines as Python numbers them: only CR, LF and CRLF end one."""
    return _LINE_BREAK.split(text)


class StatementPositions(Mapping["cst.CSTNode", "cst.metadata.CodeRange"]):
    def __init__(self, module: cst.Module, parents: Mapping[cst.CSTNode, cst.CSTNode], text: str) -> None:
        self.module = module
        self.parents = parents
        self.text = text
        self.lines: Optional[List[str]] = None
        self.tree: Optional[ast.Module] = None
        self.found: Dict[cst.CSTNode, cst.metadata.CodeRange] = {}
        self.measured: Set[Tuple[cst.CSTNode, ...]] = set()
        self.whole: Optional[Mapping[cst.CSTNode, cst.metadata.CodeRange]] = None

    def __getitem__(self, node: cst.CSTNode) -> cst.metadata.CodeRange:
        if node in self.found:
            return self.found[node]
        for unit in self._units(node):
            if unit not in self.measured and self._measure(unit) and node in self.found:
                return self.found[node]
        return self._whole()[node]

    def __iter__(self) -> Iterator[cst.CSTNode]:
        return iter(self._whole())

    def __len__(self) -> int:
        return len(self._whole())

    def _units(self, node: cst.CSTNode) -> List[Tuple[cst.CSTNode, ...]]:
        """The statements that can be measured for `node`, innermost first, each as its path
        of statements from the module down."""
        path: List[cst.CSTNode] = []  # statements, innermost first
        current: Optional[cst.CSTNode] = node
        while current is not None and current is not self.module:
            parent = self.parents.get(current)
            if isinstance(current, cst.BaseStatement) and (
                parent is self.module or isinstance(parent, cst.IndentedBlock)
            ):
                path.append(current)
            current = parent
        if current is None or not path:
            return []
        path.reverse()  # from the module down
        depth = 1
        while (
            depth < len(path) and _is_definition(outer := path[depth - 1]) and self.parents[path[depth]] is outer.body
        ):
            depth += 1
        return [tuple(path[:length]) for length in range(depth, 0, -1)]

    def _measure(self, unit: Tuple[cst.CSTNode, ...]) -> bool:
        """Measure the last statement of `unit`; False when its place cannot be worked out."""
        statement = unit[-1]
        self.measured.add(unit)
        first = self._first_line(unit)
        if first is None:
            return False
        alone = self.module.with_changes(header=(), body=(statement,), footer=())
        generated = _LINE_BREAK.split(alone.code)
        if len(generated) > 1 and generated[-1] == "":
            generated.pop()  # after the statement's last line break
        lines = self._lines()
        shifts: List[int] = []
        for number, line in enumerate(generated):
            index = first - 1 + number
            if index >= len(lines):
                return False
            source = lines[index]
            prefix = source[: len(source) - len(line)]
            if not source.endswith(line) or prefix.strip():
                return False
            # A statement of the module's own level has no indentation: LibCST counts none
            # before it, not even the form feeds Python lets a line start with.
            shifts.append(0 if number == 0 and len(unit) == 1 else len(prefix))
        positions = cst.MetadataWrapper(alone, unsafe_skip_copy=True).resolve(cst.metadata.PositionProvider)
        found: Dict[cst.CSTNode, cst.metadata.CodeRange] = {}
        for node, where in positions.items():
            if node is alone:
                continue
            empty = where.end == where.start  # ends where it starts, in the source too
            ran_to_a_line_break = where.end.column == 0 and not empty and not _ends_with_an_indent(node)
            found[node] = cst.metadata.CodeRange(
                _placed(where.start, first, shifts, moves_right=True),
                _placed(where.end, first, shifts, moves_right=not ran_to_a_line_break),
            )
        self.found.update(found)
        return True

    def _first_line(self, unit: Tuple[cst.CSTNode, ...]) -> Optional[int]:
        """The line the code of the last statement of `unit` (its leading blank and comment
        lines and decorators included) starts on, from CPython's tree of the same text."""
        tree = self._tree()
        if tree is None:
            return None
        body: Sequence[cst.CSTNode] = self.module.body
        statements: Sequence[ast.stmt] = tree.body
        found: Optional[ast.stmt] = None
        for statement in unit:
            found = _counterpart(statement, body, statements)
            if found is None:
                return None
            if _is_definition(statement):
                inner = statement.body
                body = inner.body if isinstance(inner, cst.IndentedBlock) else ()
                statements = (
                    found.body if isinstance(found, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) else []
                )
        statement = unit[-1]
        assert found is not None
        line = found.lineno
        decorators = getattr(statement, "decorators", ())
        if decorators:
            decorated = getattr(found, "decorator_list", [])
            if not decorated:
                return None
            line = decorated[0].lineno - len(decorators[0].leading_lines)
        # A statement of a body: a line of small statements or a compound statement, both with leading lines.
        return line - len(cast("cst.SimpleStatementLine | cst.BaseCompoundStatement", statement).leading_lines)

    def _tree(self) -> Optional[ast.Module]:
        if self.tree is None:
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    self.tree = ast.parse(self.text)
            except (SyntaxError, RecursionError, MemoryError, ValueError):
                return None  # a syntax only LibCST knows: measure the whole module
        return self.tree

    def _lines(self) -> List[str]:
        if self.lines is None:
            self.lines = source_lines(self.text)
        return self.lines

    def _whole(self) -> Mapping[cst.CSTNode, cst.metadata.CodeRange]:
        if self.whole is None:
            self.whole = cst.MetadataWrapper(self.module, unsafe_skip_copy=True).resolve(cst.metadata.PositionProvider)
        return self.whole


def _is_definition(statement: cst.CSTNode) -> TypeGuard[cst.FunctionDef | cst.ClassDef]:
    return isinstance(statement, (cst.FunctionDef, cst.ClassDef))


def _counterpart(
    statement: cst.CSTNode, body: Sequence[cst.CSTNode], statements: Sequence[ast.stmt]
) -> Optional[ast.stmt]:
    """CPython's statement for a statement of a LibCST body: a line of simple statements
    (`a = 1; b = 2`) is one for each of them."""
    index = 0
    for sibling in body:
        if sibling is statement:
            return statements[index] if index < len(statements) else None
        index += len(sibling.body) if isinstance(sibling, cst.SimpleStatementLine) else 1
    return None


def _placed(
    at: cst.metadata.CodePosition, first: int, shifts: List[int], moves_right: bool
) -> cst.metadata.CodePosition:
    """A position in the statement's own code, in the source: down by the line it starts
    on and, unless it ends a node that ran to a line break, right by the indentation."""
    index = at.line - 1
    shift = shifts[index] if index < len(shifts) and moves_right else 0
    return cst.metadata.CodePosition(at.line + first - 1, at.column + shift)


def _ends_with_an_indent(node: cst.CSTNode) -> bool:
    """Does the node's code end with the indentation of the line it breaks to (the last
    parameter's `ParenthesizedWhitespace` before a `)` on a line of its own): the block's
    indentation, which the statement measured alone has not?"""
    while not isinstance(node, cst.ParenthesizedWhitespace):
        if not node.children:
            return False
        node = node.children[-1]
    return node.indent and not node.last_line.value
