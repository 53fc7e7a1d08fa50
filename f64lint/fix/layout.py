"""Fixed lines kept to the project's line length: a simple statement that the fixes made
longer than it is laid out again by black, as the project's formatter would lay it out
(black's and Ruff's formatter agree on these). Nothing else in the file is touched, and a
statement black cannot lay out within the length stays as the fixes left it."""

from __future__ import annotations

import ast
import io
import tokenize
from collections import Counter
from typing import List, Optional, Tuple

from f64lint.fix.line_map import LineMap

_COMPOUND = (
    ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.If, ast.For, ast.AsyncFor, ast.While, ast.With,
    ast.AsyncWith, ast.Try,
) + ((ast.Match,) if hasattr(ast, "Match") else ()) + ((ast.TryStar,) if hasattr(ast, "TryStar") else ())


def within_line_length(before: str, after: str, line_length: int) -> str:
    """`after` (the fixed `before`) with each simple statement that the fixes made longer
    than `line_length` laid out again. A line that was already longer before the fix is the
    project's own choice and stays as the fix left it."""
    lines = after.splitlines(keepends=True)
    long = _made_too_long(before, after, line_length)
    if not long:
        return after
    try:
        tree = ast.parse(after)
    except (SyntaxError, ValueError):
        return after
    spans = _statements_holding(tree, long)
    for first, last in sorted(spans, reverse=True):  # from the end: earlier spans keep their lines
        laid_out = _laid_out(lines[first - 1 : last], line_length)
        if laid_out is not None:
            lines[first - 1 : last] = laid_out
    return "".join(lines)


def _made_too_long(before: str, after: str, line_length: int) -> List[int]:
    """The numbers of the lines of `after` longer than `line_length` where the lines of
    `before` they replace were all within it."""
    old, new = before.splitlines(), after.splitlines()
    long: List[int] = []
    for replaced, replacing in LineMap(before, after).replaced():
        if all(len(old[number - 1]) <= line_length for number in replaced):
            long.extend(number for number in replacing if len(new[number - 1]) > line_length)
    return long


def _statements_holding(tree: ast.Module, long: List[int]) -> List[Tuple[int, int]]:
    """The (first, last) lines of the simple statements, alone on their lines, that hold
    one of the `long` lines."""
    spans = set()
    simple = [
        (node.lineno, node.end_lineno if node.end_lineno is not None else node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.stmt) and not isinstance(node, _COMPOUND)
    ]
    starts = Counter(first for first, _ in simple)
    ends = Counter(last for _, last in simple)
    for first, last in simple:
        if starts[first] > 1 or ends[last] > 1:
            continue  # `a = 1; b = 2`: not a statement of its own lines
        if any(first <= line <= last for line in long):
            spans.add((first, last))
    return list(spans)


def _laid_out(lines: List[str], line_length: int) -> Optional[List[str]]:
    """The statement's lines as black lays them out at their indent, or None when it
    cannot (a string spanning lines, text black refuses, or still too long)."""
    first = lines[0]
    indent = first[: len(first) - len(first.lstrip(" \t"))]
    ending = "\r\n" if first.endswith("\r\n") else "\n"
    text = "".join(lines)
    if _spans_a_string(text) or not all(line.startswith(indent) or not line.strip() for line in lines):
        return None
    try:
        import black
    except ImportError:
        return None
    block = "".join(line[len(indent) :].rstrip("\r\n") + "\n" for line in lines)
    mode = black.Mode(line_length=line_length - len(indent), string_normalization=False)
    try:
        formatted = black.format_str(block, mode=mode)
    except Exception:  # black refuses what it cannot format: the statement stays as it is
        return None
    result = [f"{indent}{line}{ending}" if line else ending for line in formatted.splitlines()]
    if any(len(line.rstrip("\r\n")) > line_length for line in result):
        return None
    return result


def _spans_a_string(text: str) -> bool:
    """Does a string literal run over more than one line (whose text an indent would change)?"""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text.lstrip()).readline))
    except (tokenize.TokenError, SyntaxError):
        return True
    return any(token.type == tokenize.STRING and token.start[0] != token.end[0] for token in tokens)
