"""A notebook's JSON text with some cells' `source` written anew and every other byte as it
was: the layout whatever wrote the file chose (indentation, separators, key order, how
numbers and non-ASCII text are written, line endings, a BOM) is never reformatted."""

from __future__ import annotations

import json
import re
from typing import Dict, List, Optional, Tuple

_BLANK = re.compile(r"[ \t\r\n]*")
_SCALAR = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null")

Span = Tuple[int, int]


def source_spans(raw: str) -> Optional[Dict[int, Span]]:
    """Where each cell's `source` value is in the text, by the cell's index; None when the
    text is not laid out as JSON this reader follows (it was parsed already, so that does
    not happen for a valid file)."""
    try:
        return _Reader(raw).cells()
    except (ValueError, IndexError):
        return None


def with_sources(raw: str, spans: Dict[int, Span], sources: Dict[int, Tuple[str, bool]]) -> str:
    """The text with the given cells' sources replaced: (text, as a list of lines or not),
    written in the style of the value they replace."""
    pieces: List[str] = []
    at = 0
    for index in sorted(sources, key=lambda i: spans[i][0]):
        start, end = spans[index]
        text, as_list = sources[index]
        pieces.append(raw[at:start])
        pieces.append(_written(raw[start:end], text, as_list, not raw.isascii()))
        at = end
    pieces.append(raw[at:])
    return "".join(pieces)


def _written(old: str, text: str, as_list: bool, keep_unicode: bool) -> str:
    """A source value written like `old`: a string, or a list of lines whose elements sit
    where `old`'s did (after the same line break and indentation)."""
    def dumped(value: str) -> str:
        return json.dumps(value, ensure_ascii=not keep_unicode)

    if not as_list:
        return dumped(text)
    lines = text.splitlines(keepends=True)
    if not lines:
        return "[]"
    inside = old[1:-1]
    lead = _BLANK.match(inside)
    before = lead.group() if lead else ""
    after = inside[len(inside.rstrip(" \t\r\n")):] if inside.strip() else ""
    separator = "," + before if before else ", "
    return "[" + before + separator.join(dumped(line) for line in lines) + after + "]"


class _Reader:
    """Just enough of a JSON reader to find the top-level `cells` and their `source`."""

    def __init__(self, raw: str) -> None:
        self.raw = raw
        self.at = 1 if raw.startswith("\ufeff") else 0

    def _blank(self) -> None:
        found = _BLANK.match(self.raw, self.at)
        self.at = found.end() if found else self.at

    def _expect(self, char: str) -> None:
        self._blank()
        if self.raw[self.at] != char:
            raise ValueError(f"expected {char!r} at {self.at}")
        self.at += 1

    def _string(self) -> str:
        self._blank()
        if self.raw[self.at] != '"':
            raise ValueError(f"expected a string at {self.at}")
        value, self.at = json.decoder.scanstring(self.raw, self.at + 1)  # type: ignore[attr-defined]
        return value

    def _skip(self) -> Span:
        """Pass over one value; its span."""
        self._blank()
        start = self.at
        char = self.raw[self.at]
        if char == '"':
            self._string()
        elif char in "{[":
            closing = "}" if char == "{" else "]"
            self.at += 1
            self._blank()
            if self.raw[self.at] == closing:
                self.at += 1
                return start, self.at
            while True:
                if char == "{":
                    self._string()
                    self._expect(":")
                self._skip()
                self._blank()
                if self.raw[self.at] == ",":
                    self.at += 1
                    continue
                self._expect(closing)
                break
        else:
            found = _SCALAR.match(self.raw, self.at)
            if found is None:
                raise ValueError(f"unexpected {char!r} at {self.at}")
            self.at = found.end()
        return start, self.at

    def _members(self):
        """The members of the object at the reading position: (key, reader at its value)."""
        self._expect("{")
        self._blank()
        if self.raw[self.at] == "}":
            self.at += 1
            return
        while True:
            key = self._string()
            self._expect(":")
            yield key
            self._blank()
            if self.raw[self.at] == ",":
                self.at += 1
                continue
            self._expect("}")
            return

    def cells(self) -> Dict[int, Span]:
        spans: Dict[int, Span] = {}
        for key in self._members():
            if key != "cells":
                self._skip()
                continue
            self._expect("[")
            self._blank()
            index = 0
            if self.raw[self.at] == "]":
                self.at += 1
                continue
            while True:
                for cell_key in self._members():
                    span = self._skip()
                    if cell_key == "source":
                        spans[index] = span
                index += 1
                self._blank()
                if self.raw[self.at] == ",":
                    self.at += 1
                    continue
                self._expect("]")
                break
        return spans
