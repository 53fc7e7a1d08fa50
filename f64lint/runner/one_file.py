"""Lint one file: from the content cache when it holds the result, else with the
analysis; fix it when asked. What a worker process runs; the runner loads it only once a
file must be read, so that a run whose files all come from the stamp index loads no
analysis."""

from __future__ import annotations

import re
import traceback
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Callable, Dict, FrozenSet, List, Optional, Sequence, Set, Tuple, Union

from f64lint.analysis.project.exports import KEPT, Export, Imported, placed
from f64lint.analysis.semantic.facts import Suite
from f64lint.analysis.semantic.modules import ModulePlace, is_example_path, is_test_module
from f64lint.diagnostic import Applicability, Diagnostic
from f64lint.fix.callers import pass_dtype_on
from f64lint.fix.fixer import fix_source
from f64lint.linter.lint import Linted, lint_source, unreadable
from f64lint.linter.prefilter import rules_that_may_fire
from f64lint.rules import ALL_RULES
from f64lint.rules.file_problems import UnparsableFile, UnreadableFile
from f64lint.runner.cache import Cache, Dependency, cache_key, exports_digest, settings_key
from f64lint.runner.results import FileResult, FixMode, InternalError, RunResult
from f64lint.runner.suite_context import suite_of
from f64lint.source.decoding import Source, Unreadable, decode, read_bytes
from f64lint.source.notebook import Notebook, in_cells, is_notebook, read_notebook
from f64lint.source.writing import write_atomically
from f64lint.workspace.discovery import display_path
from f64lint.workspace.settings import Settings

WHOLE_FILE_CODES = frozenset({UnparsableFile.code, UnreadableFile.code})


def _cache_key(
    data: bytes, shown: str, path: Optional[Path], settings: Settings, place: Optional[ModulePlace],
    imported: Imported, suite: Suite,
) -> str:
    # The package a file is in decides what its relative imports read; its own name only
    # names its exports, which follow the current name as its findings do (`_lint_data`).
    # Where it is decides how it is read (a test module, a script under examples/, a
    # notebook), so the same bytes elsewhere are another entry; a test module's findings
    # also depend on what the rest of its suite says.
    package = place.package if place is not None else ""
    role = f"{is_test_module(shown):d}{is_example_path(shown):d}{is_notebook(shown):d}"
    given = exports_digest(imported.exports()) if imported else ""
    said = repr(suite) if suite != Suite() else ""
    return cache_key(data, f"{settings_key(settings, path)}\0{package}\0{role}\0{given}\0{said}")


def _read(shown: str, data: bytes) -> Union[Source, Notebook, Unreadable]:
    """A file's text to lint: its source, or the module a notebook's code cells make."""
    return read_notebook(data) if is_notebook(shown) else decode(data)


def _suite(path: Optional[Path], data: bytes, settings: Settings) -> Tuple[Suite, Tuple[Dependency, ...]]:
    """For a test module a rule may fire on, what the rest of its suite says about it, and
    the files read (for others it makes no difference)."""
    if path is None or not is_test_module(str(path)) or is_notebook(path):
        return Suite(), ()
    text = data.decode("utf-8", "replace")
    enabled = settings.enabled_codes(path)
    if not rules_that_may_fire([rule for rule in ALL_RULES if rule.code in enabled], text):
        return Suite(), ()
    return suite_of(path, text, settings.devices())


def _place(path: Optional[Path]) -> Optional[ModulePlace]:
    return ModulePlace.of(path) if path is not None else None


def _lint_data(
    shown: str, path: Optional[Path], data: Union[bytes, Unreadable], settings: Settings, cache: Optional[Cache],
    imported: Imported,
) -> Tuple[Linted, Tuple[Dependency, ...]]:
    """A file's findings and exports, from the cache when it holds them (for a file linted
    with the exports of others, keyed by those exports too), and the other files of its
    suite they depend on."""
    enabled = settings.enabled_codes(path)
    if isinstance(data, Unreadable):
        return Linted(unreadable(shown, data.reason, enabled, settings.severity_of)), ()
    suite, depends = _suite(path, data, settings)
    if cache is None:
        return _lint_bytes(shown, path, data, enabled, settings, imported, suite), depends
    place = _place(path)
    key = _cache_key(data, shown, path, settings, place, imported, suite)
    cached = cache.get(key, shown)
    if cached is not None:
        found, exports = cached
        return Linted(found, placed(exports, place.name if place is not None else "", shown)), depends
    linted = _lint_bytes(shown, path, data, enabled, settings, imported, suite)
    cache.put(key, linted.diagnostics, linted.exports)
    return linted, depends


def _lint_bytes(
    shown: str, path: Optional[Path], data: bytes, enabled: FrozenSet[str], settings: Settings, imported: Imported,
    suite: Suite,
) -> Linted:
    source = _read(shown, data)
    if isinstance(source, Unreadable):
        return Linted(unreadable(shown, source.reason, enabled, settings.severity_of))
    return lint_source(
        shown, source.text, enabled, settings.severity_of, settings.fix_options(), settings.devices(), _place(path),
        imported, suite,
    )


def wanted_fixes(settings: Settings) -> Callable[[Diagnostic], bool]:
    """Which findings' fixes a run applies: fixable codes, unsafe ones only when asked."""

    def wanted(diagnostic: Diagnostic) -> bool:
        fix = diagnostic.fix
        return (
            fix is not None
            and settings.is_fixable(diagnostic.code)
            and (settings.unsafe_fixes or fix.applicability is Applicability.SAFE)
        )

    return wanted


def _fix(
    shown: str, path: Optional[Path], data: bytes, found: List[Diagnostic], settings: Settings,
    mode: FixMode, imported: Imported,
) -> FileResult:
    """Fix a file that has findings with wanted fixes; write it unless only asked to show."""
    source = _read(shown, data)
    assert not isinstance(source, Unreadable)  # it had findings with fixes
    enabled = settings.enabled_codes(path)
    place = _place(path)
    suite = _suite(path, data, settings)[0]

    def lint(text: str) -> List[Diagnostic]:
        return lint_source(
            shown, text, enabled, settings.severity_of, settings.fix_options(), settings.devices(), place, imported,
            suite,
        ).diagnostics

    outcome = fix_source(source.text, found, lint, wanted_fixes(settings))
    dropped = tuple(outcome.dropped)
    if outcome.text == source.text:
        return FileResult(shown, tuple(outcome.remaining), dropped=dropped)
    threaded = tuple(
        f"{ModulePlace.of(path).name}.{d.fix.threads}"
        for d in outcome.fixed
        if path is not None and d.fix and d.fix.threads
    )
    new = _encoded(source, outcome.text)
    if isinstance(new, Unreadable):
        return FileResult(shown, tuple(found), fix_error=f"{shown}: {new.reason}")
    if not mode.write and not mode.to_stdout:
        return FileResult(
            shown,
            tuple(found),
            fixed=tuple(outcome.fixed),
            dropped=dropped,
            texts=_shown_texts(source, outcome.text),
            threaded=threaded,
        )
    if mode.to_stdout:
        return FileResult(
            shown, tuple(outcome.remaining), fixed=tuple(outcome.fixed), dropped=dropped, fixed_source=new
        )
    assert path is not None
    problem = write_atomically(path, data, new)
    if problem is not None:
        return FileResult(shown, tuple(found), fix_error=f"{shown}: {problem}")
    return FileResult(shown, tuple(outcome.remaining), fixed=tuple(outcome.fixed), dropped=dropped, threaded=threaded)


def _shown_texts(source: Union[Source, Notebook], fixed: str) -> Tuple[str, str]:
    """For --diff: the text before and after the fixes (a notebook's with its IPython lines)."""
    if isinstance(source, Notebook):
        return source.shown(source.text), source.shown(fixed)
    return source.text, fixed


def _encoded(source: Union[Source, Notebook], fixed: str) -> Union[bytes, Unreadable]:
    """The fixed file's bytes: in the source's own encoding, or the notebook with the fixed
    cells; Unreadable when that cannot be written."""
    if isinstance(source, Notebook):
        return source.with_text(fixed)
    try:
        return fixed.encode(source.encoding)
    except UnicodeEncodeError as error:
        return Unreadable(f"cannot encode the fix as {source.encoding}: {error.reason}")


def lint_file(
    shown: str,
    path: Optional[Path],
    data: Union[bytes, Unreadable],
    settings: Settings,
    cache: Optional[Cache],
    mode: Optional[FixMode] = None,
    imported: Imported = Imported(),
) -> FileResult:
    try:
        linted, depends = _lint_data(shown, path, data, settings, cache, imported)
        found = linted.diagnostics
        if mode is None or isinstance(data, Unreadable) or not any(map(wanted_fixes(settings), found)):
            return FileResult(shown, tuple(found), exports=linted.exports, depends=depends)
        fixed = _fix(shown, path, data, found, settings, mode, imported)
        if is_notebook(shown):  # what was fixed, placed in the cells it was in
            fixed = replace(fixed, fixed=tuple(in_cells(fixed.fixed, lambda _: data)))
        return replace(fixed, exports=linted.exports, depends=depends)
    except Exception as error:  # a bug of ours must not hide the other files' results
        message = f"{type(error).__name__}: {error}"
        return FileResult(shown, internal_error=InternalError(shown, message, traceback.format_exc()))


def lint_path(path: Path, settings: Settings, cache: Optional[Cache], mode: Optional[FixMode] = None) -> FileResult:
    return lint_file(display_path(path), path, read_bytes(path), settings, cache, mode)


def lint_paths(
    paths: Sequence[Path], settings: Settings, cache: Optional[Cache], mode: Optional[FixMode]
) -> List[FileResult]:
    """One worker's share (a batch keeps inter-process traffic low)."""
    return [lint_path(path, settings, cache, mode) for path in paths]


def lint_again(job: Tuple[str, Path, Settings, Optional[Cache], Optional[FixMode], Imported]) -> FileResult:
    shown, path, settings, cache, fix, imported = job
    return lint_file(shown, path, read_bytes(path), settings, cache, fix, imported)


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
        for export in exports:
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
        named_modules = self._by_module.keys() & _imported_words(data)
        if not named_modules:
            return []
        named = [
            export
            for module, by_name in (self._by_module[m] for m in sorted(named_modules, key=self._order.__getitem__))
            for name, exports in by_name.items()
            if _imports(data, module, name)
            for export in exports
            if export.width != KEPT or (self._calls_kept(data) and _subclassed(data, export))
        ]
        if not named:
            return []
        own = ModulePlace.of(path).name
        return [export for export in named if export.module != own]


_WORD = re.compile(rb"[A-Za-z_]\w*")


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
    from_import, attribute = _import_patterns(module, name)
    return bool(from_import.search(data) or attribute.search(data))


@lru_cache(maxsize=None)
def _import_patterns(module: str, name: str) -> "Tuple[re.Pattern[bytes], re.Pattern[bytes]]":
    """`from .utils import table` and `utils.table`, each starting with its literal (a
    pattern that starts with `\\b` is tried at every position)."""
    written_module, written_name = re.escape(module.encode()), re.escape(name.encode())
    return (
        re.compile(rb"from\s+[\w.]*" + written_module + rb"\s+import\s[^;]*?\b" + written_name + rb"\b"),
        re.compile(
            written_module + rb"\." + written_name + rb"\b(?<!\w" + written_module + rb"\." + written_name + rb")"
        ),
    )


def pass_dtype_across(files: Sequence[Path], threaded: FrozenSet[str], mode: FixMode, result: RunResult) -> None:
    """Calls in the run's files to functions that got a `dtype` parameter pass theirs on."""
    # A caller names the function and imports its module (`from .embeddings import sincos`).
    needles = [tuple(part.encode() for part in name.split(".")[-2:]) for name in threaded]
    for path in files:
        if is_notebook(path):
            continue  # its cells make a module of no package: nothing imports from it
        shown = display_path(path)
        data = read_bytes(path)
        if isinstance(data, Unreadable) or not any(all(part in data for part in parts) for parts in needles):
            continue
        source = decode(data)
        if isinstance(source, Unreadable):
            continue
        before, text = result.texts.get(shown, (source.text, source.text))
        new = pass_dtype_on(text, path, threaded)
        if new is None:
            continue
        if not mode.write:
            result.texts[shown] = (before, new)
        else:
            try:
                problem = write_atomically(path, data, new.encode(source.encoding))
            except UnicodeEncodeError as error:
                problem = f"cannot encode the fix as {source.encoding}: {error.reason}"
            if problem is not None:
                result.fix_errors.append(f"{shown}: {problem}")
                continue
        result.passed_on.append(shown)
