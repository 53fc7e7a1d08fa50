"""Which exports of the run's other modules a file may import, read from its text, not
parsed: the project phase asks it of every file of the run (in the worker processes), the
language server of the file it holds."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Dict, FrozenSet, List, Sequence, Set, Tuple

from f64lint.analysis.project.exports import KEPT, SAVED, Export
from f64lint.analysis.semantic.modules import ModulePlace
from f64lint.source.decoding import Unreadable, read_bytes
from f64lint.source.notebook import is_notebook, read_notebook


def imported_by_each(paths: Sequence[Path], exports: Sequence[Export]) -> List[List[Export]]:
    lookup = _Lookup(exports)
    return [_imported_by(path, lookup) for path in paths]


def _imported_by(path: Path, lookup: "_Lookup") -> List[Export]:
    """The exports of other modules a file may import, read from its text: it imports the
    name from its module (`from .utils import table`) or names it through the module
    (`utils.SCALE`, `pkg.utils.table` after `from . import utils` or `import pkg.utils`).
    The analysis then resolves the file's imports for itself."""
    data = read_bytes(path)
    if isinstance(data, Unreadable):
        return []
    if is_notebook(path):  # its code, not its outputs (megabytes of images to search)
        notebook = read_notebook(data)
        if isinstance(notebook, Unreadable):
            return []
        data = notebook.text.encode("utf-8")
    return lookup.imported_in(path, data)


def imported_in(path: Path, data: bytes, exports: Sequence[Export]) -> List[Export]:
    """The exports of other modules a file's text (`data`) may import."""
    return _Lookup(exports).imported_in(path, data)


class _Lookup:
    """The run's exports, grouped for looking them up in every file of the run: by the last
    part of the module that gives them, which the file names in an import (`from .utils
    import table`, `from . import utils`, `import pkg.utils`). The words of a file's imports
    are read once; a search of the whole text for each export cost seconds on a large run."""

    def __init__(self, exports: Sequence[Export]) -> None:
        # By the module as an import spells it, then by the name imported (a class's members,
        # `Schedule.sigmas`, are imported with their class).
        self._by_module: Dict[bytes, Tuple[str, Dict[str, List[Export]]]] = {}
        # Files other modules save float64 arrays to, by name: read by a file that names one.
        self._saved = [(export.name.encode(), export) for export in exports if export.width == SAVED]
        for export in (export for export in exports if export.width != SAVED):
            last = export.module.rsplit(".", 1)[-1]
            by_name = self._by_module.setdefault(last.encode(), (last, {}))[1]
            by_name.setdefault(export.name.split(".")[0], []).append(export)
        self._order = {module: number for number, module in enumerate(self._by_module)}
        attributes = sorted({_attribute(export) for export in exports if export.width == KEPT})
        # `self.compute_fn(` for any function a class keeps, in one search.
        self._kept_called = (
            re.compile(rb"self\.(?:" + b"|".join(re.escape(name.encode()) for name in attributes) + rb")\(")
            if attributes
            else None
        )

    def _calls_kept(self, data: bytes) -> bool:
        """Does the file call a function a class keeps on `self` (as a subclass would)?
        Asked only of a file that imports such a class: most import none."""
        return self._kept_called is not None and self._kept_called.search(data) is not None

    def imported_in(self, path: Path, data: bytes) -> List[Export]:
        place = ModulePlace.of(path)
        saved = [export for name, export in self._saved if name in data and export.module != place.name]
        return [*self._imported_in(place, data), *saved]

    def _imported_in(self, place: ModulePlace, data: bytes) -> List[Export]:
        words = _imported_words(data)
        # `from . import Schedule`: a name of the file's own package (its `__init__` re-exports it)
        here = place.package.rsplit(".", 1)[-1] if place.package and _FROM_HERE.search(data) else ""
        named_modules = self._by_module.keys() & (words | {here.encode()} if here else words)
        if not named_modules:
            return []
        named = [
            export
            for module, by_name in (self._by_module[m] for m in sorted(named_modules, key=self._order.__getitem__))
            for name, exports in by_name.items()
            if _imports(data, module, name) or (module == here and _imported_from_here(data, name))
            for export in exports
            if export.width != KEPT or (self._calls_kept(data) and _subclassed(data, export))
        ]
        if not named:
            return []
        return [export for export in named if export.module != place.name]


_WORD = re.compile(rb"[A-Za-z_]\w*")
_FROM_HERE = re.compile(rb"from\s+\.\s+import\b")


def _imported_from_here(data: bytes, name: str) -> bool:
    """Does a file import `name` from its own package (`from . import Schedule`)?"""
    return re.search(rb"from\s+\.\s+import" + _IMPORTED_BEFORE + re.escape(name.encode()) + rb"\b", data) is not None


def _imported_words(data: bytes) -> FrozenSet[bytes]:
    """The words of the lines that hold `import` (with the rest of a bracketed list of
    names): the modules a file imports, and more (a comment or string that says import)."""
    found: Set[bytes] = set()
    at = data.find(b"import")
    while at != -1:
        start = data.rfind(b"\n", 0, at) + 1
        end = data.find(b"\n", at)
        end = len(data) if end == -1 else end
        if data.find(b"(", start, end) != -1 and data.find(b")", start, end) == -1:
            close = data.find(b")", end)  # `from . import (\n    utils,\n)`
            end = len(data) if close == -1 else close
        found.update(_WORD.findall(data, start, end))
        at = data.find(b"import", end)
    return frozenset(found)


def _attribute(export: Export) -> str:
    return export.name.rsplit(".", 1)[-1]


def _subclassed(data: bytes, export: Export) -> bool:
    """Does the file define a subclass of the class that keeps the function, and call it on `self`?"""
    owner = export.name.split(".")[0]
    return f"self.{_attribute(export)}(".encode() in data and _subclass_of(owner).search(data) is not None


@lru_cache(maxsize=None)
def _subclass_of(owner: str) -> "re.Pattern[bytes]":
    return re.compile(rb"^[ \t]*class[ \t]+\w+[ \t]*\([^)]*\b" + re.escape(owner.encode()) + rb"\b", re.MULTILINE)


def _imports(data: bytes, module: str, name: str) -> bool:
    """Does a file's text, which names `module`, import `name` from it or name it through
    it? The name is looked for first: most files that name the module do not hold it."""
    if name.encode() not in data:
        return False
    from_import, attribute, renamed = _import_patterns(module, name)
    if from_import.search(data) or attribute.search(data):
        return True
    written_name = re.escape(name.encode())
    return any(
        re.search(rb"\b" + re.escape(alias) + rb"\." + written_name + rb"\b", data) for alias in renamed.findall(data)
    )


# The names an import statement lists before the one looked for: in brackets, over lines
# (`from .utils import (\n    sched,\n    table,\n)`), else on its line and the lines a
# backslash continues it to; not the rest of the file (`from torch._numpy import _util`
# does not import the `float64` a later line names).
_IMPORTED_BEFORE = rb"\s*(?:\([^)]*?|(?:[^;\n(\\]|\\\r?\n)*?)\b"


@lru_cache(maxsize=None)
def _import_patterns(module: str, name: str) -> "Tuple[re.Pattern[bytes], re.Pattern[bytes], re.Pattern[bytes]]":
    """`from .utils import table`, `utils.table`, and the module imported under another
    name (`import pkg.utils as u`, `from pkg import utils as u`, giving `u`), each starting
    with its literal (a pattern that starts with `\\b` is tried at every position)."""
    written_module, written_name = re.escape(module.encode()), re.escape(name.encode())
    return (
        re.compile(rb"from\s+[\w.]*" + written_module + rb"\s+import" + _IMPORTED_BEFORE + written_name + rb"\b"),
        re.compile(
            written_module + rb"\." + written_name + rb"\b(?<!\w" + written_module + rb"\." + written_name + rb")"
        ),
        re.compile(rb"import\s(?:[^;\n]*?[\s,(.])?" + written_module + rb"\s+as\s+(\w+)"),
    )
