"""Plain data that flows from rules to reporters. Nothing here knows about LibCST."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Optional, Tuple


class Severity(str, enum.Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Position:
    """A 1-based line and a 1-based column counted in characters."""

    line: int
    column: int


class Applicability(str, enum.Enum):
    SAFE = "safe"  # no numeric change on CPU/CUDA
    UNSAFE = "unsafe"  # changes precision on CPU/CUDA


@dataclass(frozen=True)
class Edit:
    """Replace the text from `start` up to (not including) `end` with `content`; an
    insertion when they are equal. Line breaks in `content` are LF; applying an edit
    writes the file's own."""

    start: Position
    end: Position
    content: str
    # In a notebook, reported: the cell the edit is in (its positions are in that cell).
    cell: Optional[int] = None


@dataclass(frozen=True)
class Fix:
    """How to fix one finding: edits applied together, or not at all."""

    message: str
    applicability: Applicability
    edits: Tuple[Edit, ...]
    # The module-level function the fix gives a `dtype` parameter, if any: callers in
    # other files of the run then pass theirs on.
    threads: Optional[str] = None
    # Applied only in a pass where no other fix is: fixing the source of a float64 value
    # often makes the fix at the place it is moved (F64004) unneeded.
    deferred: bool = False


@dataclass(frozen=True)
class Diagnostic:
    path: str
    start: Position
    end: Position
    code: str
    name: str
    message: str
    severity: Severity
    # The source lines from `start.line` to `end.line`, without line breaks (empty when the
    # file could not be read): for fingerprints and byte-based columns.
    source_lines: Tuple[str, ...] = ()
    # Where a noqa comment for it may also sit: the last line of its statement (0: none).
    noqa_line: int = 0
    fix: Optional[Fix] = None
    # In a notebook, reported: the cell it is in, as Jupyter counts cells (its positions
    # and `noqa_line` are in that cell). Linted, a notebook's positions are in the module
    # its code cells make (source/notebook.py).
    cell: Optional[int] = None

    def location(self) -> str:
        """`path:line:col`, or `nb.ipynb:cell 3:line:col` in a notebook."""
        cell = f"cell {self.cell}:" if self.cell is not None else ""
        return f"{self.path}:{cell}{self.start.line}:{self.start.column}"

    def shown_message(self) -> str:
        """The message, led by the cell for a notebook's finding (for formats that have no
        field for a cell: their line and column are in the cell)."""
        return f"cell {self.cell}: {self.message}" if self.cell is not None else self.message

    def sort_key(self) -> tuple:
        return (self.path, self.cell or 0, self.start.line, self.start.column, self.code, self.message)

    def flagged_text(self) -> str:
        """The source text from `start` to `end`."""
        if not self.source_lines:
            return ""
        if len(self.source_lines) == 1:
            return self.source_lines[0][self.start.column - 1 : self.end.column - 1]
        first = self.source_lines[0][self.start.column - 1 :]
        last = self.source_lines[-1][: self.end.column - 1]
        return "\n".join((first, *self.source_lines[1:-1], last))

    def utf8_columns(self) -> Tuple[int, int]:
        """`start.column` and `end.column` counted in UTF-8 bytes (still 1-based)."""
        if not self.source_lines:
            return self.start.column, self.end.column
        start = len(self.source_lines[0][: self.start.column - 1].encode("utf-8")) + 1
        end = len(self.source_lines[-1][: self.end.column - 1].encode("utf-8")) + 1
        return start, end
