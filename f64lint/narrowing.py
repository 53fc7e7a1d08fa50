"""Parse only what can matter: the top-level functions and classes a finding could come
from or flow through, with the rest of the module around them.

Most of a large file that passes the prefilter is code with nothing float64-like in it
(torch's `common_methods_invocations.py` is 1.4 MB). Every module-level statement that is
not a definition stays (imports, constants, device variables). A top-level `def` or
`class` stays when its code has a float64-like spelling, a NumPy name, a move-then-cast,
or a name a module-level statement with one of those binds; then, until nothing changes,
those that name one that stays or are named by one, since values flow through return
values, safe helpers are read from their bodies and fixes pass a dtype on to callers.

The others become blank lines, so every line and column of what stays is where it was:
positions, fixes and suppressions need no mapping. The linter parses the whole source
when the narrowed one does not parse.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import FrozenSet, List, Optional, Set

from f64lint.prefilter import AnyOf, code_text, strings_emptied, words
from f64lint.rules.tokens import CAST_AFTER_MOVE, WIDE_DTYPE

_SOURCE_LIKE = AnyOf(
    WIDE_DTYPE,
    CAST_AFTER_MOVE,
    words("DoubleTensor", "set_default_dtype", "set_default_tensor_type", "numpy"),
)
_DEFINED_NAME = re.compile(r"(?:async\s+)?(?:def|class)\s+(\w+)")
_NAME = re.compile(r"[A-Za-z_]\w*")
_CALLED = re.compile(r"(?<![.\w])([A-Za-z_]\w*)\s*\(")
_NUMPY_IMPORT = re.compile(r"\b(?:import|from)\s+numpy\b[^\n;]*")
_TARGETS = re.compile(
    r"\s*(?:async\s+)?(?:def|class)\s+(\w+)"
    r"|\s*(?!(?:if|elif|while|for|with|return|assert|del|raise|yield|lambda)\b)"
    r"([\w\s,.\[\]()*]+?)\s*(?::[^=]*)?(?:[-+*/%&|^@]|//|\*\*|<<|>>)?=(?!=)"
)
_IMPORT_ALIAS = re.compile(r"\bas\s+(\w+)")
_WALRUS = re.compile(r"(\w+)\s*:=")
_OPENING = re.compile(r"[(\[{]")
_CLOSING = re.compile(r"[)\]}]")


@dataclass
class _Statement:
    first: int  # line index
    last: int  # inclusive
    name: Optional[str]  # a definition's name; None for other statements
    text: str = ""  # its code (comments out, long strings emptied)
    bound: FrozenSet[str] = field(default_factory=frozenset)  # the names it may bind
    names: FrozenSet[str] = field(default_factory=frozenset)  # the names its code mentions
    calls: FrozenSet[str] = field(default_factory=frozenset)  # the plain names it calls


def _statements(lines: List[str]) -> List[_Statement]:
    """Top-level statements by line, from a source whose strings and comments are empty
    (so that brackets and line starts are the code's own)."""
    statements: List[_Statement] = []
    depth = 0
    continued = False
    decorated_from: Optional[int] = None
    for number, line in enumerate(lines):
        line = line.rstrip("\r")
        if depth == 0 and not continued and line[:1] not in ("", " ", "\t", "\f"):
            if statements and decorated_from is None:
                statements[-1].last = number - 1
            if line.startswith("@"):
                decorated_from = number if decorated_from is None else decorated_from
            else:
                defined = _DEFINED_NAME.match(line)
                first = number if decorated_from is None else decorated_from
                statements.append(_Statement(first, number, defined.group(1) if defined else None))
                decorated_from = None
        depth = max(0, depth + len(_OPENING.findall(line)) - len(_CLOSING.findall(line)))
        continued = line.endswith("\\")
    if statements:
        statements[-1].last = len(lines) - 1
    return statements


def _bound(structure_lines: List[str]) -> FrozenSet[str]:
    """The names a module-level statement may bind to a value the analysis follows:
    assignment targets on lines outside brackets, walrus targets, import aliases (`from
    torch import float64 as f64`), nested definitions. More is harmless."""
    found: Set[str] = set()
    depth = 0
    for line in structure_lines:
        if depth == 0:
            target = _TARGETS.match(line)
            if target is not None:
                found.update(_NAME.findall(target.group(1) or target.group(2)))
        found.update(_WALRUS.findall(line))
        depth = max(0, depth + len(_OPENING.findall(line)) - len(_CLOSING.findall(line)))
    if structure_lines and structure_lines[0].startswith(("import", "from")):
        found.update(_IMPORT_ALIAS.findall("\n".join(structure_lines)))
    return frozenset(found)


def _numpy_names(statements: List[_Statement]) -> Set[str]:
    """`numpy`, `np`, and what is imported from NumPy or as it, anywhere in the module."""
    found = {"numpy", "np"}
    for statement in statements:
        for line in _NUMPY_IMPORT.findall(statement.text):
            found.update(_NAME.findall(line))
    return found - {"import", "from", "as"}


def narrowed(source: str) -> str:
    """The source with the top-level definitions nothing can come from blanked out; the
    source itself when none can be left out or its text cannot be read this way."""
    if source.count("\r") != source.count("\r\n"):
        return source  # lone carriage returns end lines for Python, not for this
    structure = strings_emptied(source)
    if structure is None:
        return source
    lines = source.split("\n")
    code_lines = code_text(source).split("\n")
    structure_lines = structure.split("\n")
    if not len(lines) == len(code_lines) == len(structure_lines):
        return source
    statements = _statements(structure_lines)
    for statement in statements:
        statement.text = "\n".join(code_lines[statement.first : statement.last + 1])
        statement.names = frozenset(_NAME.findall(statement.text))
        statement.calls = frozenset(_CALLED.findall(statement.text))
        if statement.name is None:
            statement.bound = _bound(structure_lines[statement.first : statement.last + 1])
    definitions = [s for s in statements if s.name is not None]
    module_level = [s for s in statements if s.name is None]
    if not definitions:
        return source

    # Names that may hold float64: NumPy's, and those bound by module-level statements
    # with a float64-like spelling (grown below with those naming a kept definition).
    hot = _numpy_names(statements)
    kept = [d for d in definitions if _SOURCE_LIKE.search(d.text) or d.names & hot]
    rest = [d for d in definitions if d not in kept]
    warm = [s for s in module_level if _SOURCE_LIKE.search(s.text)]
    while True:
        kept_names = {d.name for d in kept}
        hot |= frozenset().union(*(s.bound for s in warm))
        warmed = [s for s in module_level if s not in warm and (s.calls & kept_names or s.names & hot)]
        joined = [d for d in rest if d.calls & kept_names or d.names & hot]
        if not warmed and not joined:
            break
        warm.extend(warmed)
        kept.extend(joined)
        rest = [d for d in rest if d not in joined]
    if not rest:
        return source
    for definition in rest:
        for number in range(definition.first, definition.last + 1):
            lines[number] = "\r" if lines[number].endswith("\r") else ""
    return "\n".join(lines)
