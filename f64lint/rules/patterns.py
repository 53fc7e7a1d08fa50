"""The text a rule cannot fire without (`Rule.required`), as patterns the prefilter
(linter/prefilter.py) tries on a source before anything is parsed."""

from __future__ import annotations

import re
from typing import Optional, Protocol, Tuple, Union


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
