"""Edits expressed against a module's syntax tree: replace a node, insert next to one,
add an item to a parameter or argument list the way the list is already laid out."""

from __future__ import annotations

import re
from typing import List, Union

from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.cst import cst
from f64lint.diagnostic import Edit, Position

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class EditMaker:
    def __init__(self, facts: ModuleFacts) -> None:
        self.facts = facts
        self.lines: List[str] = _LINE_BREAK.split(facts.source)

    def start(self, node: cst.CSTNode) -> Position:
        at = self.facts.positions[node].start
        return Position(at.line, at.column + 1)

    def end(self, node: cst.CSTNode) -> Position:
        at = self.facts.positions[node].end
        return Position(at.line, at.column + 1)

    def replace(self, node: cst.CSTNode, content: str) -> Edit:
        return Edit(self.start(node), self.end(node), content)

    def replace_span(self, first: cst.CSTNode, last: cst.CSTNode, content: str) -> Edit:
        """Replace from the start of `first` to the end of `last`."""
        return Edit(self.start(first), self.end(last), content)

    def insert(self, at: Position, content: str) -> Edit:
        return Edit(at, at, content)

    def indent_of(self, line: int) -> str:
        text = self.lines[line - 1]
        return text[: len(text) - len(text.lstrip())]

    def insert_line_before(self, statement: cst.CSTNode, content: str) -> Edit:
        """A new line, indented like `statement`, just above it."""
        line = self.start(statement).line
        return self.insert(Position(line, 1), f"{self.indent_of(line)}{content}\n")

    def append_item(self, first: Position, last_end: Position, content: str) -> Edit:
        """Add `content` after the last item of a list (parameters, arguments) that runs
        from `first` to `last_end`. A list laid out one item per line with a trailing comma
        gets a new line like the others; otherwise `, content` follows the last item."""
        line = self.lines[last_end.line - 1]
        rest = line[last_end.column - 1 :].lstrip()
        if rest.startswith(","):
            after_comma = rest[1:].strip()
            if after_comma == "" or after_comma.startswith("#"):
                item_line = first.line if first.line == last_end.line else last_end.line
                indent = self.indent_of(item_line)
                return self.insert(Position(last_end.line, len(line) + 1), f"\n{indent}{content},")
            comma = line.index(",", last_end.column - 1)
            return self.insert(Position(last_end.line, comma + 2), f" {content}")
        return self.insert(last_end, f", {content}")

    def add_keyword_argument(self, call: cst.Call, content: str) -> Edit:
        """`f(a)` -> `f(a, content)`, `f()` -> `f(content)`, in the call's own layout."""
        if call.args:
            return self.append_item(self.start(call.args[0]), self.item_end(call.args[-1]), content)
        end = self.end(call)
        return self.insert(Position(end.line, end.column - 1), content)

    def insert_item_before(self, item: cst.CSTNode, content: str) -> Edit:
        """Add `content` just before `item` in a list, on a line of its own when `item`
        starts its line."""
        at = self.start(item)
        before = self.lines[at.line - 1][: at.column - 1]
        if before.strip() == "":
            return self.insert(at, f"{content},\n{before}")
        return self.insert(at, f"{content}, ")

    def item_end(self, item: Union[cst.Param, cst.Arg]) -> Position:
        """Where a parameter or argument ends, before its comma. Counted from its text:
        LibCST's ranges stop at a parameter's name and are empty for `()`."""
        bare = item.with_changes(comma=cst.MaybeSentinel.DEFAULT)
        if isinstance(bare, cst.Param):
            bare = bare.with_changes(whitespace_after_param=cst.SimpleWhitespace(""))
        else:
            bare = bare.with_changes(whitespace_after_arg=cst.SimpleWhitespace(""))
        text = self.facts.module.code_for_node(bare)
        start = self.start(item)
        lines = _LINE_BREAK.split(text)
        if len(lines) == 1:
            return Position(start.line, start.column + len(text))
        return Position(start.line + len(lines) - 1, len(lines[-1]) + 1)
