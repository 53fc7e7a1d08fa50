"""Results cached by file content: a file whose bytes, f64lint version and effective
settings are unchanged is not linted again. Entries are written atomically; an entry that
cannot be read (corrupt, half-written by a crashed run, removed meanwhile) is a miss.

In front of it, like git's index and Ruff's cache, an index of files by their stamp (inode,
size, modification and change times): a file whose stamp is unchanged is not even read.
A file changed less than two seconds before it was stamped is not indexed, since a second
change within the clock's resolution could leave the stamp as it was.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence, Tuple, Union

import f64lint
from f64lint import __version__
from f64lint.analysis.project.exports import Export
from f64lint.diagnostic import Applicability, Diagnostic, Edit, Fix, Position, Severity
from f64lint.source.writing import replace_file
from f64lint.workspace.settings import Settings

CACHE_DIR_NAME = ".f64lint_cache"


RACY_NS = 2_000_000_000
KEPT_RUNS = 4  # whole runs the stamp index keeps (StampIndex.runs)
IMPORTS_KEPT = 4  # sets of exports a file's imports are kept for (StampIndex.files)
_PACKAGE = Path(f64lint.__file__).parent


@lru_cache(maxsize=1)
def code_version() -> str:
    """The version and a digest of f64lint's own source: a hook moved to a new commit with
    the same version string does not read the old commit's results."""
    digest = hashlib.sha256(__version__.encode())
    for source in own_sources():
        digest.update(source.relative_to(_PACKAGE).as_posix().encode())
        digest.update(source.read_bytes())
    return f"{__version__}-{digest.hexdigest()[:16]}"



def own_sources() -> List[Path]:
    """Every module of the f64lint package, whose text the cached results depend on."""
    return sorted(_PACKAGE.rglob("*.py"))


Result = Tuple[List[Diagnostic], Tuple[Export, ...]]  # a file's findings and exports


def settings_key(settings: Settings, path: Optional[Path]) -> str:
    """What besides the bytes decides a file's result: f64lint's code, the rules selected
    for the file, the settings that change findings or fixes and what the tests saw of it."""
    severities = [f"{selector}={severity.value}" for selector, severity in settings.severity]
    fixing = [settings.fix_strategy.value, settings.fix_dtype, str(settings.line_length), *settings.safe_helpers]
    seen = [json.dumps(observation.as_row()) for observation in settings.observed_in(path)]
    said = [code_version(), settings.selection_key(path), *severities, *fixing, *sorted(settings.devices()), *seen]
    return hashlib.sha256("\0".join(said).encode()).hexdigest()[:32]


def run_digest(settings: Settings, here: str, files: Iterable[Tuple[str, Optional[Stamp]]]) -> Optional[str]:
    """What decides a whole run's findings: f64lint's code, every setting, the stamp of the
    configuration file (declared exports are placed at its lines), the folder the run
    starts in (paths are shown from it) and each file of the run with its stamp; None while
    the configuration file is being edited."""
    config = stamp(settings.config_file) if settings.config_file is not None else ()
    if config is None:
        return None  # the configuration file is being edited
    said = json.dumps([code_version(), repr(settings), config, here, *files])
    return hashlib.sha256(said.encode()).hexdigest()


def exports_digest(exports: Iterable[Export]) -> str:
    """What the run's exports are, as one string (files import them by name)."""
    return _digest(export.as_row() for export in exports)


def identities_digest(exports: Iterable[Export]) -> str:
    """What the run's exports are, apart from where they are shown: which of them a file
    imports does not change with the folder the run starts in."""
    return _digest(export.identity for export in exports)


def _digest(rows: Iterable[Sequence[object]]) -> str:
    """One string for rows in any order."""
    return hashlib.sha256(json.dumps(sorted(json.dumps(row) for row in rows)).encode()).hexdigest()


def cache_key(data: bytes, settings: str) -> str:
    digest = hashlib.sha256(settings.encode())
    digest.update(data)
    return digest.hexdigest()


Stamp = Tuple[int, int, int, int]  # inode, size, mtime, ctime (ns)


def stamp(path: Union[str, Path]) -> Optional[Stamp]:
    """The file's stamp, if it is settled (not changed in the last two seconds)."""
    try:
        status = os.stat(path)
    except (OSError, ValueError):
        return None
    if time.time_ns() - max(status.st_mtime_ns, status.st_ctime_ns) < RACY_NS:
        return None
    return status.st_ino, status.st_size, status.st_mtime_ns, status.st_ctime_ns


Dependency = Tuple[str, Optional[Tuple[int, ...]]]  # a path, and its stamp (None: not settled; (): absent)


def unchanged(depends: List[list]) -> bool:
    """Do the files a stamp-index entry depends on (a test module's suite) still have the
    stamps it recorded?"""
    for path, then in depends:
        current = stamp(Path(path)) if os.path.exists(path) else ()
        if current is None or list(current) != then:
            return False
    return True


def _encode_fix(fix: Optional[Fix]) -> Optional[list]:
    if fix is None:
        return None
    edits = [[e.start.line, e.start.column, e.end.line, e.end.column, e.content] for e in fix.edits]
    return [fix.message, fix.applicability.value, edits, fix.threads, fix.deferred]


def _decode_fix(row: Optional[list]) -> Optional[Fix]:
    if row is None:
        return None
    message, applicability, edits, threads, deferred = row
    return Fix(
        message,
        Applicability(applicability),
        tuple(Edit(Position(a, b), Position(c, d), content) for a, b, c, d, content in edits),
        threads,
        deferred,
    )


def _encode(diagnostic: Diagnostic) -> list:
    return [
        diagnostic.code, diagnostic.name, diagnostic.start.line, diagnostic.start.column,
        diagnostic.end.line, diagnostic.end.column, diagnostic.severity.value, diagnostic.message,
        list(diagnostic.source_lines), diagnostic.noqa_line, _encode_fix(diagnostic.fix),
    ]


def _decode(path: str, row: list) -> Diagnostic:
    code, name, line, column, end_line, end_column, severity, message, lines, noqa_line, fix = row
    return Diagnostic(
        path, Position(line, column), Position(end_line, end_column), code, name, message,
        Severity(severity), tuple(lines), noqa_line, _decode_fix(fix),
    )


@dataclass(frozen=True)
class Cache:
    directory: Path

    def _entry(self, key: str) -> Path:
        return self.directory / code_version() / key[:2] / f"{key}.json"

    def get(self, key: str, path: str) -> Optional[Result]:
        try:
            with open(self._entry(key), encoding="utf-8") as handle:
                rows, exports = json.load(handle)
            return [_decode(path, row) for row in rows], tuple(Export.from_row(row) for row in exports)
        except (OSError, ValueError, TypeError, KeyError):
            return None

    def stamps(self) -> "StampIndex":
        return StampIndex.load(self.directory, self.directory / code_version() / "stamps.json")

    def put(self, key: str, diagnostics: Iterable[Diagnostic], exports: Iterable[Export] = ()) -> None:
        entry = self._entry(key)
        content = [[_encode(d) for d in diagnostics], [export.as_row() for export in exports]]
        try:
            _make_folder(self.directory, entry.parent)
            # No fsync: an entry lost in a crash is only a miss.
            replace_file(entry, json.dumps(content).encode("utf-8"), sync=False)
        except OSError:
            pass  # a cache that cannot be written only costs time


def _make_folder(directory: Path, folder: Path) -> None:
    """Make a folder in the cache; a new cache gets a `.gitignore` and a `CACHEDIR.TAG`."""
    if folder.is_dir():
        return
    folder.mkdir(parents=True, exist_ok=True)
    marker = directory / ".gitignore"
    if not marker.exists():
        marker.write_text("# Created by f64lint\n*\n", encoding="utf-8")
        (directory / "CACHEDIR.TAG").write_text(
            "Signature: 8a477f597d28d172789f06886806bc55\n# Created by f64lint\n", encoding="utf-8"
        )


@dataclass
class StampIndex:
    """Results by absolute path, valid while the file's stamp and settings key hold (and,
    for a test module, the stamps of its suite's files); which exports of the run's other
    files each file imports, valid while its stamp and the run's exports hold; and the
    results of files linted again with the exports they import (the project phase),
    valid while those exports hold too.

    One JSON file, read whole by every run, so kept small and flat: settings keys and
    export digests are written once in `keys` and named by position, and an entry is one
    list whose trailing empty lists are left out (most files have no finding).

    `runs` keeps the findings of the last few runs by what decided them (`run_digest`: the
    settings, the folder the run starts in, every file and its stamp), with the files
    outside the run they depend on: a run with the same digest gives them again without
    looking at any file's entry."""

    directory: Path  # the cache's
    location: Path
    keys: List[str] = field(default_factory=list)
    # path -> [*stamp, settings key # (-1: none), -1, rows, exports, depends, imported], `imported`
    # a list of [exports digest #, rows]: what the file imports of each set of exports the
    # project phase looked it up in (its rounds hand on what modules export once they read
    # others': `IMPORTS_KEPT` sets, the latest)
    files: Dict[str, list] = field(default_factory=dict)
    # path -> [*stamp, settings key #, exports given #, rows, depends]
    again: Dict[str, list] = field(default_factory=dict)
    # run digest -> [depends, [shown path, rows], ...]
    runs: Dict[str, list] = field(default_factory=dict)
    changed: bool = False
    positions: Dict[str, int] = field(default_factory=dict)  # of `keys`

    @classmethod
    def load(cls, directory: Path, location: Path) -> "StampIndex":
        try:
            with open(location, encoding="utf-8") as handle:
                content = json.load(handle)
        except (OSError, ValueError):
            return cls(directory, location)
        if not isinstance(content, dict):
            return cls(directory, location)
        keys, files, again, runs = (content.get(name) for name in ("keys", "files", "again", "runs"))
        if not isinstance(keys, list) or not isinstance(files, dict) or not isinstance(again, dict):
            return cls(directory, location)
        runs = runs if isinstance(runs, dict) else {}
        return cls(directory, location, keys, files, again, runs, positions={key: n for n, key in enumerate(keys)})

    def replayed(self, digest: str) -> Optional[Dict[str, List[Diagnostic]]]:
        """The findings of the run with this digest, by shown path, while the files outside
        the run that it depends on are unchanged."""
        entry = self.runs.get(digest)
        if not isinstance(entry, list) or not entry or not isinstance(entry[0], list) or not unchanged(entry[0]):
            return None
        try:
            return {shown: [_decode(shown, row) for row in rows] for shown, rows in entry[1:]}
        except (ValueError, TypeError, KeyError):
            return None

    def put_run(
        self, digest: str, found: Dict[str, List[Diagnostic]], files: Iterable[Tuple[str, Optional[Stamp]]],
        around: Iterable[Tuple[str, Optional[Stamp]]] = (),
    ) -> None:
        """Keep a run's findings by its digest, with the files its files' entries depend on
        (`files`: the run's, absolute, with their stamps) and the files outside the run it
        read (`around`: the package's modules its files import); only the last `KEPT_RUNS`
        runs are kept."""
        depends: Dict[str, list] = {}
        for path, now in around:
            if now is None:
                return  # a file it read is not settled
            depends[path] = list(now)
        for path, now in files:
            own = self._file(path, now)
            if own is None:
                return  # a file not indexed (its suite not settled): what it depends on is not known
            again = self._again(path, now)
            for dependency in [*own[1][2], *(again[1][1] if again is not None else ())]:
                depends[dependency[0]] = dependency[1]
        self.runs.pop(digest, None)
        self.runs[digest] = [[[path, then] for path, then in depends.items()]] + [
            [shown, [_encode(d) for d in diagnostics]] for shown, diagnostics in found.items() if diagnostics
        ]
        while len(self.runs) > KEPT_RUNS:
            del self.runs[next(iter(self.runs))]
        self.changed = True

    def _position(self, key: str) -> int:
        position = self.positions.get(key)
        if position is None:
            position = self.positions[key] = len(self.keys)
            self.keys.append(key)
        return position

    def _file(self, path: str, now: Optional[Stamp]) -> Optional[Tuple[list, list]]:
        """A file's own entry, while its stamp holds: (settings #, digest #), and (rows,
        exports, depends, imported)."""
        return _parts(self.files.get(path), now, 6, 4)

    def _again(self, path: str, now: Optional[Stamp]) -> Optional[Tuple[list, list]]:
        """A file's entry as linted again with the exports it imports, while its stamp
        holds: (settings #, exports given #), and (rows, depends)."""
        return _parts(self.again.get(path), now, 6, 2)

    def imported(self, path: str, digest: str, now: Optional[Stamp]) -> Optional[List[Export]]:
        parts = self._file(path, now)
        position = self.positions.get(digest, -2)
        found = next((kept[1] for kept in parts[1][3] if kept[:1] == [position]), None) if parts else None
        if found is None:
            return None
        try:
            return [Export.from_row(row) for row in found]
        except (ValueError, TypeError):
            return None

    def put_imported(self, path: str, digest: str, now: Stamp, exports: Iterable[Export]) -> None:
        parts = self._file(path, now)
        (key, _), (rows, own, depends, kept) = parts if parts is not None else ((-1, -1), ([], [], [], []))
        position = self._position(digest)
        kept = [*(pair for pair in kept if pair[:1] != [position]), [position, [e.as_row() for e in exports]]]
        self.files[path] = _entry(now, [key, -1], [rows, own, depends, kept[-IMPORTS_KEPT:]])
        self.changed = True

    def get(self, path: str, shown: str, settings: str, now: Optional[Stamp], given: str = "") -> Optional[Result]:
        """The result indexed for a file, while its stamp and settings hold and the files
        it depends on are unchanged; `given`: the digest of the exports it was linted with."""
        if given:
            parts = self._again(path, now)
            if parts is None or parts[0][1] != self.positions.get(given, -2):
                return None
            (key, _), (rows, depends) = parts
            exports: list = []
        else:
            parts = self._file(path, now)
            if parts is None:
                return None
            (key, _), (rows, exports, depends, _) = parts
        if key != self.positions.get(settings, -2) or (depends and not unchanged(depends)):
            return None
        try:
            return [_decode(shown, row) for row in rows], tuple(Export.from_row(row) for row in exports)
        except (ValueError, TypeError, KeyError):
            return None

    def put(
        self, path: str, settings: str, now: Stamp, diagnostics: Iterable[Diagnostic], exports: Iterable[Export],
        depends: Iterable[Tuple[str, Tuple[int, ...]]] = (), given: str = "",
    ) -> None:
        """Index a file's result; `given`: the digest of the exports it was linted with
        (its exports are then those it has alone, kept in its own entry)."""
        rows = [_encode(d) for d in diagnostics]
        settled = [[p, list(s)] for p, s in depends]
        if given:
            self.again[path] = _entry(now, [self._position(settings), self._position(given)], [rows, settled])
        else:
            own = [e.as_row() for e in exports]
            self.files[path] = _entry(now, [self._position(settings), -1], [rows, own, settled, []])
        self.changed = True

    def save(self) -> None:
        if not self.changed:
            return
        self._drop_unused_keys()
        try:
            _make_folder(self.directory, self.location.parent)
            content = {"keys": self.keys, "files": self.files, "again": self.again, "runs": self.runs}
            replace_file(self.location, json.dumps(content).encode("utf-8"), sync=False)
        except OSError:
            pass  # a cache that cannot be written only costs time

    def _drop_unused_keys(self) -> None:
        """Keep only the keys an entry names (each run whose exports changed adds one)."""
        named = [
            (entry, n)
            for table in (self.files, self.again)
            for entry in table.values()
            if isinstance(entry, list) and len(entry) > 5
            for n in (4, 5)
            if isinstance(entry[n], int) and entry[n] >= 0
        ]
        named += [  # the digests a file's imports are kept by
            (pair, 0)
            for entry in self.files.values()
            if isinstance(entry, list) and len(entry) > 9 and isinstance(entry[9], list)
            for pair in entry[9]
            if isinstance(pair, list) and pair and isinstance(pair[0], int) and pair[0] >= 0
        ]
        used = sorted({entry[n] for entry, n in named if entry[n] < len(self.keys)})
        if len(used) == len(self.keys):
            return
        renumbered = {old: new for new, old in enumerate(used)}
        for entry, n in named:
            entry[n] = renumbered.get(entry[n], -1)
        self.keys = [self.keys[old] for old in used]
        self.positions = {key: n for n, key in enumerate(self.keys)}


def _entry(now: Stamp, numbers: List[int], lists: List[list]) -> list:
    while lists and not lists[-1]:
        lists = lists[:-1]
    return [*now, *numbers, *lists]


def _parts(entry: object, now: Optional[Stamp], size: int, lists: int) -> Optional[Tuple[list, list]]:
    """An entry's numbers after the stamp, and its lists (the empty ones it left out put
    back), if the entry is well formed and has the file's current stamp."""
    if now is None or type(entry) is not list or not size <= len(entry) <= size + lists:
        return None
    if entry[0] != now[0] or entry[1] != now[1] or entry[2] != now[2] or entry[3] != now[3]:
        return None  # compared one by one: making a tuple of each entry costs more
    tail = entry[size:]
    for item in tail:
        if type(item) is not list:
            return None
    return entry[4:size], tail + [[] for _ in range(lists - len(tail))]
