"""Source text to a LibCST module, or the reason it does not parse (a value, never an
exception): CPython's parser vouches for the nesting depth first."""

from __future__ import annotations

import ast
import sys
import threading
import warnings
from dataclasses import dataclass
from typing import Any, Optional, Union

from f64lint.cst import cst
from f64lint.diagnostic import Position


@dataclass(frozen=True)
class ParseFailure:
    message: str
    at: Position


MAX_AST_DEPTH = 1000


def _deeper_than(tree: ast.AST, limit: int) -> bool:
    stack = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in ast.iter_child_nodes(node))
    return False


def parse(text: str) -> Union[cst.Module, ParseFailure]:
    """Parse with LibCST, after CPython's own parser has vouched for the nesting depth.

    LibCST's native parser overflows its stack (a segfault that would end the whole run)
    on nesting that CPython refuses cleanly ("too many nested parentheses", RecursionError),
    so CPython's fast C parser goes first. Its account of a syntax error is also the better
    one. Newer syntax that only LibCST knows still gets LibCST's verdict.
    """
    python_error: Optional[SyntaxError] = None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(text)
        if sys.version_info < (3, 11) and _deeper_than(tree, MAX_AST_DEPTH):
            # Before 3.11, CPython builds arbitrarily deep trees; LibCST would crash on them.
            return ParseFailure("too deeply nested to parse", Position(1, 1))
    except SyntaxError as error:
        if "too many nested" in str(error.msg):
            return ParseFailure(f"syntax error: {error.msg}", Position(error.lineno or 1, error.offset or 1))
        python_error = error
    except (RecursionError, MemoryError):
        return ParseFailure("too deeply nested to parse", Position(1, 1))
    try:
        return _parse_unvalidated(text)
    except cst.ParserSyntaxError as error:
        if python_error is not None:
            at = Position(python_error.lineno or 1, python_error.offset or 1)
            return ParseFailure(f"syntax error: {python_error.msg}", at)
        return ParseFailure(f"syntax error: {error.message}", Position(error.raw_line, error.raw_column + 1))
    except RecursionError:
        return ParseFailure("too deeply nested to parse", Position(1, 1))


def _skip_validation(node: object) -> None:
    pass


_PARSING = threading.Lock()  # the switch below is global: one parse at a time (the server lints in threads)


def _parse_unvalidated(text: str) -> "cst.Module":
    """LibCST's parse, without validating each node it builds: a tree from its own parser
    is valid, and validation (`CSTNode.__post_init__`) is a ninth of parsing. (LibCST's
    own comment there says validation could be skipped for parsed trees.) Nodes built
    after, by fixes, are validated as usual."""
    node_class: Any = cst.CSTNode  # Any: its method is switched below, which mypy forbids on a class
    with _PARSING:
        validate = node_class.__dict__.get("__post_init__")
        if validate is None:
            return cst.parse_module(text)
        node_class.__post_init__ = _skip_validation
        try:
            return cst.parse_module(text)
        finally:
            node_class.__post_init__ = validate
