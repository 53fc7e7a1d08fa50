"""Exports: the float64 values one module gives the modules that import it, as plain data
(computed by flow/summaries.py, read by flow/values.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, FrozenSet, Iterable, Optional, Tuple


@dataclass(frozen=True)
class Export:
    """A float64 value a module gives away: from a function's return (`returned`) or bound
    to a module-level name, with what made it and where (file as shown, line)."""

    module: str
    name: str
    returned: bool
    made_by: str
    width: str  # a `Width` value: "float64" or "complex128"
    path: str
    line: int

    @property
    def qualified_name(self) -> str:
        return f"{self.module}.{self.name}"

    def as_row(self) -> list:
        return [self.module, self.name, self.returned, self.made_by, self.width, self.path, self.line]

    @classmethod
    def from_row(cls, row: list) -> "Export":
        module, name, returned, made_by, width, path, line = row
        return cls(str(module), str(name), bool(returned), str(made_by), str(width), str(path), int(line))


class Imported:
    """The exports of the modules a module imports, by qualified name."""

    def __init__(self, exports: Iterable[Export] = ()) -> None:
        self._by_name: Dict[str, Export] = {export.qualified_name: export for export in exports}

    def __bool__(self) -> bool:
        return bool(self._by_name)

    def exports(self) -> Tuple[Export, ...]:
        return tuple(self._by_name.values())

    def names(self) -> FrozenSet[str]:
        """The names code reads them by (`table`, `SCALE` in `utils.SCALE`)."""
        return frozenset(export.name for export in self._by_name.values())

    def returned_by(self, qualified: Optional[str]) -> Optional[Export]:
        found = self._by_name.get(qualified) if qualified is not None else None
        return found if found is not None and found.returned else None

    def bound_to(self, qualified: Optional[str]) -> Optional[Export]:
        found = self._by_name.get(qualified) if qualified is not None else None
        return found if found is not None and not found.returned else None
