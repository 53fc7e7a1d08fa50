"""A source's comments and strings told apart from its code, by one scan of the text
(no tokenizer): the code alone, with comments removed and long strings emptied
(docstrings, messages), for the prefilter; every string emptied, for narrowing's reading
of brackets and line starts; and the comments alone, for `# noqa`. A string can only
matter to a rule when it spells a dtype (`"float64"`, `"<f8"`), so strings of up to
`SHORT_STRING` characters stay, and f-strings stay whole (their fields are code).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import List, Optional, Tuple

SHORT_STRING = 24

# Every alternative starts with its literal (`#`, a quote), so `re` scans for the next one
# fast; a string's prefix (`rb`, `f`) is read back from before its quote. Each string body
# is written unrolled (a run of plain characters, then one escape or lone quote at a time),
# so that no character is matched by an alternation of its own.
_COMMENT_OR_STRING = re.compile(
    r"""\#[^\r\n]*"""
    r"""|'''[^'\\]*(?:(?:\\.|'(?!''))[^'\\]*)*(?:'''|\Z)"""
    r'''|"""[^"\\]*(?:(?:\\.|"(?!""))[^"\\]*)*(?:"""|\Z)'''
    r"""|'[^'\\\r\n]*(?:\\.[^'\\\r\n]*)*'"""
    r'''|"[^"\\\r\n]*(?:\\.[^"\\\r\n]*)*"''',
    re.DOTALL,
)
_PREFIX = frozenset("rRbBuUfF")
_MAX_PREFIX = 2


def _fields_closed(literal: str) -> bool:
    """Does an f-string, as the pattern delimited it, close every field it opens? One that
    does not was cut short at a quote inside a field (`f"{d["k"]}"`, Python 3.12). Outside
    a field `{{` and `}}` are escaped braces; inside one, braces nest (`{h:{w}}`)."""
    if "{{" not in literal and "}}" not in literal:
        return literal.count("{") <= literal.count("}")
    depth = 0
    position = 0
    while position < len(literal):
        character = literal[position]
        if depth == 0 and literal.startswith(("{{", "}}"), position):
            position += 2
            continue
        if character == "{":
            depth += 1
        elif character == "}" and depth > 0:
            depth -= 1
        position += 1
    return depth == 0


@dataclass(frozen=True)
class Masked:
    """A source without its comments, and with strings emptied (each line break in one
    kept as a backslash continuation, so that a line starting inside a string does not
    start a statement)."""

    code: str  # long strings emptied, short ones and f-strings kept
    structure: str  # every string emptied: brackets and line starts are the code's own


def _literal_start(source: str, quote: int, after: int) -> int:
    """Where a string whose quote is at `quote` starts: back over its prefix (`rb`, `f`),
    not into the comment or string that ends at `after`."""
    start = quote
    while start > after and quote - start < _MAX_PREFIX and source[start - 1] in _PREFIX:
        start -= 1
    return start


@lru_cache(maxsize=4)
def masked(source: str) -> Optional[Masked]:
    """None when an f-string could be misread (see `_fields_closed`)."""
    code: List[str] = []
    structure: List[str] = []
    code_start = structure_start = 0
    for match in _COMMENT_OR_STRING.finditer(source):
        quote, end = match.span()
        if source[quote] == "#":
            code.append(source[code_start:quote])
            structure.append(source[structure_start:quote])
            code_start = structure_start = end
            continue
        start = _literal_start(source, quote, structure_start)
        literal = source[start:end]
        emptied = '""' + "\\\n" * literal.count("\n")
        structure.append(source[structure_start:start])
        structure.append(emptied)
        structure_start = end
        if "f" in source[start:quote].lower():
            if not _fields_closed(literal):
                return None
        elif len(literal) > SHORT_STRING:
            code.append(source[code_start:start])
            code.append(emptied)
            code_start = end
    code.append(source[code_start:])
    structure.append(source[structure_start:])
    return Masked("".join(code), "".join(structure))


def comments(source: str) -> Optional[List[Tuple[int, str]]]:
    """Each comment of a source (where its `#` is, its text), strings stepped over as
    `masked` steps over them; None when an f-string could be misread."""
    found: List[Tuple[int, str]] = []
    after = 0  # the end of the last comment or string: a prefix is read back to it
    for match in _COMMENT_OR_STRING.finditer(source):
        quote, end = match.span()
        if source[quote] == "#":
            found.append((quote, match.group()))
        else:
            start = _literal_start(source, quote, after)
            if "f" in source[start:quote].lower() and not _fields_closed(source[start:end]):
                return None
        after = end
    return found


def code_text(source: str) -> str:
    """The source without comments and with long non-f-strings emptied. The source itself
    when an f-string could be misread."""
    found = masked(source)
    return source if found is None else found.code
