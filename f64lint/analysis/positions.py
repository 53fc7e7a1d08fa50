"""Positions of nodes, computed one top-level statement at a time.

LibCST's `PositionProvider` regenerates the whole module's code while tracking every token,
the slowest step left for a large file with a finding. Positions are only needed for the
few statements that hold a finding or a fix, so each statement is measured on its own, as a
module of one statement, and shifted down by the lines before it (top-level statements
start at column 0, so columns need no shift). The lines before are counted from each
statement's code, once.
"""

from __future__ import annotations

import re
from typing import Dict, Iterator, Mapping, Optional, Set

from f64lint.cst import cst

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class StatementPositions(Mapping["cst.CSTNode", "cst.metadata.CodeRange"]):
    def __init__(self, module: cst.Module, parents: Mapping[cst.CSTNode, cst.CSTNode]) -> None:
        self.module = module
        self.parents = parents
        self.found: Dict[cst.CSTNode, cst.metadata.CodeRange] = {}
        self.measured: Set[cst.CSTNode] = set()
        self.first_lines: Optional[Dict[cst.CSTNode, int]] = None
        self.whole: Optional[Mapping[cst.CSTNode, cst.metadata.CodeRange]] = None

    def __getitem__(self, node: cst.CSTNode) -> cst.metadata.CodeRange:
        if node in self.found:
            return self.found[node]
        statement = self._statement(node)
        if statement is None or statement in self.measured:
            return self._whole()[node]
        self._measure(statement)
        return self.found[node]

    def __iter__(self) -> Iterator[cst.CSTNode]:
        return iter(self._whole())

    def __len__(self) -> int:
        return len(self._whole())

    def _statement(self, node: cst.CSTNode) -> Optional[cst.CSTNode]:
        current: Optional[cst.CSTNode] = node
        while current is not None:
            parent = self.parents.get(current)
            if parent is self.module:
                return current if current in self._first_lines() else None
            current = parent
        return None

    def _first_lines(self) -> Dict[cst.CSTNode, int]:
        """The line each top-level statement's code (its leading blank and comment lines
        included) starts on."""
        if self.first_lines is None:
            self.first_lines = {}
            line = 1 + sum(1 for _ in self.module.header)
            for statement in self.module.body:
                self.first_lines[statement] = line
                line += len(_LINE_BREAK.findall(self.module.code_for_node(statement)))
        return self.first_lines

    def _measure(self, statement: cst.CSTNode) -> None:
        alone = self.module.with_changes(header=(), body=(statement,), footer=())
        shift = self._first_lines()[statement] - 1
        positions = cst.MetadataWrapper(alone, unsafe_skip_copy=True).resolve(cst.metadata.PositionProvider)
        for node, where in positions.items():
            if node is alone:
                continue
            self.found[node] = cst.metadata.CodeRange(
                cst.metadata.CodePosition(where.start.line + shift, where.start.column),
                cst.metadata.CodePosition(where.end.line + shift, where.end.column),
            )
        self.measured.add(statement)

    def _whole(self) -> Mapping[cst.CSTNode, cst.metadata.CodeRange]:
        if self.whole is None:
            self.whole = cst.MetadataWrapper(self.module, unsafe_skip_copy=True).resolve(cst.metadata.PositionProvider)
        return self.whole
