"""The text a rule cannot fire without (`Rule.required`), as patterns the prefilter
(linter/prefilter.py) tries on a source before anything is parsed."""

from __future__ import annotations

import re
from functools import cached_property
from typing import Dict, List, Optional, Protocol, Tuple, Union


class TextPattern(Protocol):
    def search(self, text: str) -> object: ...


class _KeepsLastAnswer:
    """A pattern that keeps its answer for the last text it was asked about: the prefilter
    asks the rules one after another about the same source, and rules share patterns."""

    _last: Tuple[Optional[str], bool] = (None, False)

    def search(self, text: str) -> bool:
        last, found = self._last
        if text is not last:
            found = self._found(text)
            self._last = (text, found)
        return found

    def _found(self, text: str) -> bool:
        raise NotImplementedError


class Text(_KeepsLastAnswer):
    """A word or substring the rules name (`words`, `any_of`), one object however many
    patterns hold it, so that a text is searched for it once (several rules' patterns
    hold `float64` or `double`); by regex only when `literal`, a substring every match
    holds, is in it: `str`'s own search scans faster than `re`. (Patterns built for one
    module, narrowing's, are plain regexes: this table would keep every one of them.)"""

    def __init__(self, pattern: Optional[str], literal: str) -> None:
        self.compiled = re.compile(pattern) if pattern is not None else None
        self.literal = literal

    def _found(self, text: str) -> bool:
        return self.literal in text and (self.compiled is None or self.compiled.search(text) is not None)


# Each word's or substring's one `Text`, by its pattern and literal.
_TEXTS: Dict[Tuple[Optional[str], str], Text] = {}


def _text(pattern: Optional[str], literal: str) -> Text:
    key = (pattern, literal)
    found = _TEXTS.get(key)
    if found is None:
        found = _TEXTS[key] = Text(pattern, literal)
    return found


class AnyOf(_KeepsLastAnswer):
    """Any of these patterns matches. Python's `re` finds a pattern that starts with a
    literal (`float64`) by a fast scan, but tries every position of the text for one that
    starts with `\\b`, a lookbehind or an alternation, about 30 times slower; so each
    alternative is a pattern of its own, written to start with its literal. A short text
    (narrowing's statements and lines) is searched otherwise: a search costs about a
    microsecond before it scans anything, more than scanning the text does, so there the
    alternatives that can be are one pattern (`_joined`), searched once."""

    def __init__(self, *patterns: Union[str, TextPattern]) -> None:
        self.patterns = tuple(re.compile(p) if isinstance(p, str) else p for p in patterns)

    def _found(self, text: str) -> bool:
        if len(text) > _SHORT_TEXT:
            return any(pattern.search(text) for pattern in self.patterns)
        joined, others = self._for_short_texts
        return (joined is not None and joined.search(text) is not None) or any(
            pattern.search(text) for pattern in others
        )

    @cached_property
    def _for_short_texts(self) -> Tuple[Optional["re.Pattern[str]"], Tuple[TextPattern, ...]]:
        """The alternatives joined, and those searched apart: built once a short text is asked about."""
        return _joined(self.patterns)


# The longest text `AnyOf` searches with its alternatives joined (measured on narrowing's
# statements: past it, the joined pattern, tried at every position, scans slower than the
# alternatives' own fast scans save).
_SHORT_TEXT = 500
# A backreference: the group it names would be another once patterns are joined.
_BACKREFERENCE = re.compile(r"\\[1-9]|\(\?P=")


def _joined(patterns: Tuple[TextPattern, ...]) -> Tuple[Optional["re.Pattern[str]"], Tuple[TextPattern, ...]]:
    """Patterns as one regex that matches where any of them does, and those it cannot hold
    (one with flags or a backreference, a pattern that is no regex: `AllOf`), searched
    apart; an `AnyOf` among them is taken apart into its own."""
    sources: List[str] = []
    others: List[TextPattern] = []

    def take(pattern: TextPattern) -> None:
        if isinstance(pattern, AnyOf):
            for inner in pattern.patterns:
                take(inner)
        elif isinstance(pattern, Text):
            sources.append(pattern.compiled.pattern if pattern.compiled is not None else re.escape(pattern.literal))
        elif (
            isinstance(pattern, re.Pattern)
            and pattern.flags == re.UNICODE
            and not _BACKREFERENCE.search(pattern.pattern)
        ):
            sources.append(pattern.pattern)
        else:
            others.append(pattern)

    for pattern in patterns:
        take(pattern)
    joined = re.compile("|".join(f"(?:{source})" for source in sources)) if sources else None
    return joined, tuple(others)


class AllOf:
    """Every one of these patterns matches, anywhere in the text."""

    def __init__(self, *patterns: TextPattern) -> None:
        self.patterns = patterns

    def search(self, text: str) -> bool:
        return all(pattern.search(text) for pattern in self.patterns)


def any_of(*texts: str) -> AnyOf:
    """One of these substrings occurs."""
    return AnyOf(*(_text(None, text) for text in texts))


def words(*names: str) -> AnyOf:
    """One of these names occurs as a whole word (`float64` in `torch.float64`, not in
    `is_float64`): the name, then a check of the character before it."""
    return AnyOf(*(_text(rf"{re.escape(name)}\b(?<!\w{re.escape(name)})", name) for name in names))
