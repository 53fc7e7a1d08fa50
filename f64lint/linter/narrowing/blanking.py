"""Leaving code out of a source without moving what stays: whole lines become empty
lines, parts of lines become spaces, so every line and column that stays is where it was."""

from __future__ import annotations

from typing import List, Optional, Set, Tuple


class Blanked:
    """A source's lines (split at `\\n`, a `\\r` kept at each line's end), with spans
    blanked in place. Positions are `ast`'s: 1-based lines, columns in UTF-8 bytes."""

    def __init__(self, source: str) -> None:
        self.lines = source.split("\n")
        self._original = tuple(self.lines)
        self._touched: Set[int] = set()

    def column(self, line: int, byte_offset: int) -> int:
        """The character column of `ast`'s byte column on a 1-based line."""
        text = self.lines[line - 1]
        return byte_offset if text.isascii() else len(text.encode("utf-8")[:byte_offset].decode("utf-8", "replace"))

    def comma_after(self, line: int, column: int) -> Optional[Tuple[int, int]]:
        """Where the comma is that follows (line, character column) in the source, past
        spaces, line breaks and comments; None when something else comes first."""
        while line <= len(self._original):
            text = self._original[line - 1].rstrip("\r")
            while column < len(text) and text[column] in " \t\f":
                column += 1
            if column < len(text) and text[column] == ",":
                return line, column
            if column < len(text) and text[column] not in "#\\":
                return None
            line, column = line + 1, 0
        return None

    def text_between(self, start_line: int, start: int, end_line: int, end: int) -> str:
        """The source from (line, character column) to (line, column), 1-based lines."""
        lines = self._original[start_line - 1 : end_line]
        if len(lines) == 1:
            return lines[0][start:end]
        return "\n".join([lines[0][start:], *lines[1:-1], lines[-1][:end]])

    def span_out(self, start_line: int, start: int, end_line: int, end: int) -> None:
        """Blank from (line, character column) to (line, column), exclusive, 1-based lines."""
        for line in range(start_line, end_line + 1):
            text = self.lines[line - 1]
            ending = "\r" if text.endswith("\r") else ""
            body = text[: len(text) - len(ending)]
            left = start if line == start_line else 0
            right = end if line == end_line else len(body)
            self.lines[line - 1] = body[:left] + " " * (right - left) + body[right:] + ending
            self._touched.add(line - 1)

    def text(self) -> str:
        lines: List[str] = list(self.lines)
        for number in self._touched:
            if not lines[number].strip():
                lines[number] = "\r" if lines[number].endswith("\r") else ""
        return "\n".join(lines)
