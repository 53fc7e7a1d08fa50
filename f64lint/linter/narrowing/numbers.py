"""Long literals of numbers (a Hadamard matrix written out, a table of coefficients) cut
to their first element: LibCST makes a node of every number, and a few such tables cost
more than a gigabyte; the analysis needs only their kind (`[1.0, ...]` is float data)."""

from __future__ import annotations

import ast
import bisect
import re
from typing import List, Optional, Tuple

from f64lint.linter.narrowing.blanking import Blanked

MIN_NUMBERS = 64  # fewer are parsed as they are
# Eight numbers in a row: a source without is not walked for tables.
# (Each number starts where no word or number goes on: a run of digits is not tried at
# every digit.)
_NUMBERS_IN_A_ROW = re.compile(r"(?:(?<![\w.])[-+]?\.?\d[\w.]*(?:[eE][-+]?\d+)?\s*,\s*){8}")
# The same, loosely, starting at the comma after the first number: `re` finds its
# candidates by a fast scan for the comma, where the pattern above, which starts with a
# lookbehind, is tried at every position; and a match tried from each comma reads at most
# seven numbers, so the scan is linear even in a run of 40,000 digits (started at each
# digit, it was quadratic). A source without a loose row has no row.
_LOOSE_ROW = re.compile(r",\s*[-+]?\.?\d(?:[\w.]*(?:[eE][-+]?\d+)?\s*,\s*[-+]?\.?\d){6}")
_SIGNS = (ast.USub, ast.UAdd)


def has_rows_of_numbers(source: str) -> bool:
    return _LOOSE_ROW.search(source) is not None and _NUMBERS_IN_A_ROW.search(source) is not None


def cut_long_numbers(module: ast.Module, source: str, blanked: Blanked) -> None:
    """Blank all but the first element of each list or bracketed tuple of at least
    `MIN_NUMBERS` numbers of one kind (ints, floats or complex; nested lists of the same
    shape of kind), leaving `[1.0,   ]`: still a list of floats, every position kept. Only
    the code around lines with eight numbers in a row is walked."""
    line_starts = [0] + [match.end() for match in re.finditer("\n", source)]
    rows = sorted({bisect.bisect_right(line_starts, match.start()) for match in _NUMBERS_IN_A_ROW.finditer(source)})
    if rows:
        _cut_in(module, rows, blanked)


def _cut_in(node: ast.AST, rows: List[int], blanked: Blanked) -> None:
    for child in ast.iter_child_nodes(node):
        first = getattr(child, "lineno", None)
        if first is not None:
            after = bisect.bisect_left(rows, first)
            if after == len(rows) or rows[after] > (getattr(child, "end_lineno", None) or first):
                continue  # no row of numbers in it
        found = _numbers(child)
        if found is not None and found[1] >= MIN_NUMBERS and _cut(child, blanked):
            _cut_in(child.elts[0], rows, blanked)  # type: ignore[attr-defined]
        else:
            _cut_in(child, rows, blanked)


def _numbers(node: ast.AST) -> Optional[Tuple[str, int]]:
    """The kind of numbers a literal holds (`int`, `[float`, ...) and how many; None when
    it holds anything else or mixes kinds."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, _SIGNS):
        node = node.operand
    if isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, (int, float, complex)) and not isinstance(value, bool):
            return type(value).__name__, 1
        return None
    if not isinstance(node, (ast.List, ast.Tuple)) or len(node.elts) < 2:
        return None
    kinds = [_numbers(element) for element in node.elts]
    first = kinds[0]
    if first is None or any(kind is None or kind[0] != first[0] for kind in kinds):
        return None
    return "[" + first[0], sum(kind[1] for kind in kinds if kind is not None)


def _cut(literal: ast.AST, blanked: Blanked) -> bool:
    """Blank a literal's elements after its first one and its comma, up to its closing
    bracket; False when it has no brackets of its own (`x = 1, 2`, `x = [1], [2]`) or a
    comment among them (a comment may say why a dtype is kept: fixes read it)."""
    assert isinstance(literal, (ast.List, ast.Tuple))
    start_line, end_line = literal.lineno, literal.end_lineno or literal.lineno
    first = literal.elts[0]
    if (first.lineno, first.col_offset) == (start_line, literal.col_offset):
        return False  # the first element starts the literal: no bracket before it
    opening = blanked.lines[start_line - 1][blanked.column(start_line, literal.col_offset) :]
    closing = blanked.column(end_line, literal.end_col_offset or 0) - 1
    if not opening.startswith(("[", "(")) or blanked.lines[end_line - 1][closing : closing + 1] not in ("]", ")"):
        return False
    line = first.end_lineno or first.lineno
    comma = blanked.comma_after(line, blanked.column(line, first.end_col_offset or 0))
    if comma is None or "#" in blanked.text_between(comma[0], comma[1], end_line, closing):
        return False
    blanked.span_out(comma[0], comma[1] + 1, end_line, closing)
    return True
