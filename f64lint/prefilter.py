"""Which rules could fire on a source, judged from its text: a file that no rule could fire
on is never parsed, and parsing is nearly all of the cost.

Each rule names the text it cannot fire without (`Rule.required`). The source is tried
first as it is; when some rule's text is there, it is tried again on the source's code
alone, with comments removed and long strings emptied (docstrings, messages), since
`double` or `float64` in prose is what most files that pass the first look have. A string
can only matter to a rule when it spells a dtype (`"float64"`, `"<f8"`), so strings of up
to `SHORT_STRING` characters stay, and f-strings stay whole (their fields are code).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import List, Optional, Protocol, Sequence, Tuple, TypeVar, Union

SHORT_STRING = 24


class TextPattern(Protocol):
    def search(self, text: str) -> object: ...


class AnyOf:
    """Any of these patterns matches. Python's `re` finds a pattern that starts with a
    literal (`float64`) by a fast scan, but tries every position of the text for one that
    starts with `\\b`, a lookbehind or an alternation, about 30 times slower; so each
    alternative is a pattern of its own, written to start with its literal."""

    def __init__(self, *patterns: Union[str, TextPattern]) -> None:
        self.patterns = tuple(re.compile(p) if isinstance(p, str) else p for p in patterns)
        self._last: Tuple[Optional[str], bool] = (None, False)

    def search(self, text: str) -> bool:
        # Rules share patterns (`TORCH`, `WIDE_DTYPE`) and are asked one after another
        # about the same text: the answer for the last text is kept.
        last, found = self._last
        if text is not last:
            found = any(pattern.search(text) for pattern in self.patterns)
            self._last = (text, found)
        return found


class AllOf:
    """Every one of these patterns matches, anywhere in the text."""

    def __init__(self, *patterns: TextPattern) -> None:
        self.patterns = patterns

    def search(self, text: str) -> bool:
        return all(pattern.search(text) for pattern in self.patterns)


def any_of(*texts: str) -> AnyOf:
    """One of these substrings occurs."""
    return AnyOf(*(re.escape(text) for text in texts))


def words(*names: str) -> AnyOf:
    """One of these names occurs as a whole word (`float64` in `torch.float64`, not in
    `is_float64`): the name, then a check of the character before it."""
    return AnyOf(*(rf"{re.escape(name)}\b(?<!\w{re.escape(name)})" for name in names))

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


class MayFire(Protocol):
    """A rule class, as far as the prefilter knows it (rules/base.py)."""

    required: Sequence["TextPattern"]

    @classmethod
    def may_fire(cls, source: str) -> bool: ...


R = TypeVar("R", bound=MayFire)


def rules_that_may_fire(rules: Sequence[R], source: str) -> List[R]:
    candidates = [rule for rule in rules if rule.may_fire(source)]
    if not candidates or all(not rule.required for rule in candidates):
        return candidates
    code = code_text(source)
    return [rule for rule in candidates if rule.may_fire(code)]
