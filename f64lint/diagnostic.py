"""Plain data that flows from rules to reporters. Nothing here knows about LibCST."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Severity(str, enum.Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Position:
    """A 1-based line and a 1-based column counted in characters."""

    line: int
    column: int


@dataclass(frozen=True)
class Diagnostic:
    path: str
    start: Position
    end: Position
    code: str
    name: str
    message: str
    severity: Severity

    def sort_key(self) -> tuple:
        return (self.path, self.start.line, self.start.column, self.code, self.message)
