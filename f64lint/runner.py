"""Lint many files: in parallel when it pays, from the cache when it can. A file that fails
in any way never stops the run."""

from __future__ import annotations

import difflib
import os
import re
import traceback
from contextlib import nullcontext
from functools import lru_cache
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Dict, FrozenSet, List, NamedTuple, Optional, Sequence, Tuple, TypeVar, Union

from f64lint.cache import Cache, Stamp, StampIndex, cache_key, exports_digest, settings_key, stamp
from f64lint.changes import ChangedLines, touches
from f64lint.config import Settings
from f64lint.suite import Dependency, suite_of, unchanged as suite_unchanged
from f64lint.diagnostic import Applicability, Diagnostic
from f64lint.fix.apply import split_lines
from f64lint.analysis.flow.exports import Export, Imported
from f64lint.analysis.semantic.facts import Suite
from f64lint.analysis.semantic.modules import ModulePlace, is_test_module
from f64lint.fix.callers import pass_dtype_on
from f64lint.fix.fixer import fix_source
from f64lint.fix.write import write_atomically
from f64lint.files import discover, is_force_excluded
from f64lint.linter import Linted, lint_source, unreadable
from f64lint.prefilter import rules_that_may_fire
from f64lint.rules import ALL_RULES
from f64lint.rules.file_problems import UnparsableFile, UnreadableFile
from f64lint.notebook import Notebook, cell_diffs, in_cells, is_notebook, read_notebook
from f64lint.source import Source, Unreadable, decode, read_bytes

WHOLE_FILE_CODES = frozenset({UnparsableFile.code, UnreadableFile.code})

# Below this many files per worker, starting processes costs more than it saves
# (pre-commit passes a handful of files).
MIN_FILES_PER_WORKER = 8


@dataclass(frozen=True)
class InternalError:
    """A bug in f64lint met while linting one file."""

    path: str
    message: str
    traceback: str


@dataclass(frozen=True)
class FixMode:
    """`--fix` (write the fixed files), `--diff` (only show how they would change), or
    fixing stdin (hand the fixed source back)."""

    write: bool = True
    to_stdout: bool = False


@dataclass(frozen=True)
class FileResult:
    path: str
    diagnostics: Tuple[Diagnostic, ...] = ()
    internal_error: Optional[InternalError] = None
    fixed: Tuple[Diagnostic, ...] = ()  # findings fixed, as they were before the fix
    dropped: Tuple[Tuple[Diagnostic, str], ...] = ()  # fixes not applied, and why
    texts: Optional[Tuple[str, str]] = None  # with --diff: the source before and after the fixes
    threaded: Tuple[str, ...] = ()  # functions (qualified names) that got a `dtype` parameter
    fixed_source: Optional[bytes] = None  # the fixed source, when it changed (stdin prints it)
    fix_error: Optional[str] = None  # why the fixed file could not be written
    exports: Tuple[Export, ...] = ()  # what it gives the modules that import it
    depends: Tuple[Dependency, ...] = ()  # for a test module: the files of its suite read, with stamps


@dataclass
class RunResult:
    diagnostics: List[Diagnostic] = field(default_factory=list)
    checked: List[str] = field(default_factory=list)  # the files linted, as displayed
    internal_errors: List[InternalError] = field(default_factory=list)
    fixed: List[Diagnostic] = field(default_factory=list)
    dropped: List[Tuple[Diagnostic, str]] = field(default_factory=list)
    texts: Dict[str, Tuple[str, str]] = field(default_factory=dict)  # --diff: path -> before, after
    threaded: List[str] = field(default_factory=list)
    passed_on: List[str] = field(default_factory=list)  # files whose calls now pass a dtype on
    fix_errors: List[str] = field(default_factory=list)
    fixed_source: Optional[bytes] = None  # for stdin: the source with fixes applied

    def diffs(self) -> List[str]:
        """With --diff: the unified diff of each file --fix would change, by path (of each
        changed cell, for a notebook)."""
        return [
            cell_diffs(path, before, after) if is_notebook(path)
            else "".join(difflib.unified_diff(split_lines(before), split_lines(after), path, path))
            for path, (before, after) in sorted(self.texts.items())
        ]

    @property
    def files_checked(self) -> int:
        return len(self.checked)

    def add(self, result: FileResult) -> None:
        self.diagnostics.extend(result.diagnostics)
        if result.internal_error is not None:
            self.internal_errors.append(result.internal_error)
        self.checked.append(result.path)
        self.fixed.extend(result.fixed)
        self.dropped.extend(result.dropped)
        if result.texts is not None:
            self.texts[result.path] = result.texts
        self.threaded.extend(result.threaded)
        if result.fix_error is not None:
            self.fix_errors.append(result.fix_error)
        self.fixed_source = result.fixed_source


def display_path(path: Path) -> str:
    """Relative to the current directory when below it, as given otherwise."""
    if not path.is_absolute() and ".." not in path.parts:
        return path.as_posix()
    absolute = os.path.abspath(path)
    here = os.getcwd()
    if absolute == here:
        return "."
    below = here if here.endswith(os.sep) else here + os.sep
    return absolute[len(below) :].replace(os.sep, "/") if absolute.startswith(below) else path.as_posix()


@lru_cache(maxsize=64)
def _settings_key(enabled: FrozenSet[str], settings: Settings) -> str:
    severities = [f"{selector}={severity.value}" for selector, severity in settings.severity]
    fixing = [settings.fix_strategy.value, settings.fix_dtype, str(settings.line_length), *settings.safe_helpers]
    return settings_key(sorted(enabled), [*severities, *fixing, *sorted(settings.devices())])


def _cache_key(
    data: bytes, enabled: FrozenSet[str], settings: Settings, place: Optional[ModulePlace], imported: Imported,
    suite: Suite,
) -> str:
    # The package a file is in decides what its relative imports read; its own name only
    # names its exports, which follow the current name as its findings do (`_lint_data`).
    # A test module's findings depend on what the rest of its suite says.
    package = place.package if place is not None else ""
    given = exports_digest(imported.exports()) if imported else ""
    said = repr(suite) if suite != Suite() else ""
    return cache_key(data, f"{_settings_key(enabled, settings)}\0{package}\0{given}\0{said}")


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
    key = _cache_key(data, enabled, settings, place, imported, suite)
    cached = cache.get(key, shown)
    if cached is not None:
        found, exports = cached
        module = place.name if place is not None else ""
        return Linted(found, tuple(replace(export, module=module, path=shown) for export in exports)), depends
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


def _wanted(settings: Settings) -> Callable[[Diagnostic], bool]:
    """Which findings' fixes a run applies: fixable codes, unsafe ones only when asked."""
    fixable = settings.fixable_codes()

    def wanted(diagnostic: Diagnostic) -> bool:
        fix = diagnostic.fix
        return (
            fix is not None
            and diagnostic.code in fixable
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

    outcome = fix_source(source.text, found, lint, _wanted(settings))
    dropped = tuple(outcome.dropped)
    if outcome.text == source.text:
        return FileResult(shown, tuple(outcome.remaining), dropped=dropped)
    threaded = tuple(
        f"{ModulePlace.of(path).name}.{d.fix.threads}" for d in outcome.fixed if path is not None and d.fix and d.fix.threads
    )
    new = _encoded(source, outcome.text)
    if isinstance(new, Unreadable):
        return FileResult(shown, tuple(found), fix_error=f"{shown}: {new.reason}")
    if not mode.write and not mode.to_stdout:
        return FileResult(
            shown, tuple(found), fixed=tuple(outcome.fixed), dropped=dropped,
            texts=_shown_texts(source, outcome.text), threaded=threaded,
        )
    if mode.to_stdout:
        return FileResult(shown, tuple(outcome.remaining), fixed=tuple(outcome.fixed), dropped=dropped, fixed_source=new)
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


def _lint_file(
    shown: str, path: Optional[Path], data: Union[bytes, Unreadable], settings: Settings,
    cache: Optional[Cache], mode: Optional[FixMode] = None, imported: Imported = Imported(),
) -> FileResult:
    try:
        linted, depends = _lint_data(shown, path, data, settings, cache, imported)
        found = linted.diagnostics
        if mode is None or isinstance(data, Unreadable) or not any(map(_wanted(settings), found)):
            return FileResult(shown, tuple(found), exports=linted.exports, depends=depends)
        fixed = _fix(shown, path, data, found, settings, mode, imported)
        if is_notebook(shown):  # what was fixed, placed in the cells it was in
            fixed = replace(fixed, fixed=tuple(in_cells(fixed.fixed, lambda _: data)))
        return replace(fixed, exports=linted.exports, depends=depends)
    except Exception as error:  # a bug of ours must not hide the other files' results
        message = f"{type(error).__name__}: {error}"
        return FileResult(shown, internal_error=InternalError(shown, message, traceback.format_exc()))


def lint_path(path: Path, settings: Settings, cache: Optional[Cache], mode: Optional[FixMode] = None) -> FileResult:
    return _lint_file(display_path(path), path, read_bytes(path), settings, cache, mode)


def _lint_paths(
    paths: Sequence[Path], settings: Settings, cache: Optional[Cache], mode: Optional[FixMode]
) -> List[FileResult]:
    """One worker's share (a batch keeps inter-process traffic low)."""
    return [lint_path(path, settings, cache, mode) for path in paths]


R = TypeVar("R")


def _in_batches(
    pool: Optional[ProcessPoolExecutor], workers: int, paths: Sequence[Path], job: Callable[..., List[R]],
    *shared: object,
) -> List[R]:
    """`job(batch, *shared)` over the files: in the pool's workers, a few batches each, or
    here in one batch without a pool. Results are in the order of the files."""
    if pool is None:
        return job(list(paths), *shared)
    order = {id(path): number for number, path in enumerate(paths)}
    batches = _batches(paths, workers * 8)
    done: List[Tuple[int, R]] = []
    many = len(batches)
    for batch, results in zip(batches, pool.map(job, batches, *([value] * many for value in shared))):
        done.extend((order[id(item)], found) for item, found in zip(batch, results))
    return [found for _, found in sorted(done, key=lambda pair: pair[0])]


def _batches(paths: Sequence[Path], count: int) -> List[List[Path]]:
    """Round-robin over the files, largest first, so that no worker is left with the big ones."""
    def size(path: Path) -> int:
        try:
            return os.stat(path).st_size
        except OSError:
            return 0

    ordered = sorted(paths, key=size, reverse=True)
    return [ordered[start::count] for start in range(count) if ordered[start::count]]


def run(
    paths: Sequence[Path],
    settings: Settings,
    jobs: int = 1,
    cache: Optional[Cache] = None,
    changed: Optional[ChangedLines] = None,
    fix: Optional[FixMode] = None,
) -> RunResult:
    """Lint the files under `paths`; with `changed`, only the changed files, and only the
    findings on changed lines."""
    result = RunResult()
    files = discover(paths, settings)
    if changed is not None:
        files = [path for path in files if os.path.abspath(path) in changed]
    stamps = cache.stamps() if cache is not None else None
    unchanged: List[FileResult] = []
    stamped: Dict[str, Optional[Stamp]] = {}  # by shown path, taken before the file is read
    pending = [] if stamps is None else _from_stamps(files, stamps, settings, fix, unchanged, stamped)
    paths = list(files) if stamps is None else [entry.path for entry in pending]
    workers = min(jobs, len(paths) // MIN_FILES_PER_WORKER)
    with ProcessPoolExecutor(max_workers=workers) if workers > 1 else nullcontext() as pool:
        linted = _in_batches(pool, workers, paths, _lint_paths, settings, cache, fix)
        if stamps is not None:
            _index(pending, linted, stamps)
        for file_result in _with_imports(files, unchanged + linted, settings, fix, cache, stamps, stamped, pool, workers):
            result.add(file_result)
    if stamps is not None:
        stamps.save()
    if fix is not None and result.threaded:
        _pass_dtype_across(files, frozenset(result.threaded), fix, result)
    if changed is not None:
        result.diagnostics = [d for d in result.diagnostics if touches(d, changed, WHOLE_FILE_CODES)]
    shown_paths = {display_path(path): path for path in files if is_notebook(path)}
    result.diagnostics = in_cells(result.diagnostics, lambda shown: read_bytes(shown_paths[shown]))
    result.diagnostics.sort(key=Diagnostic.sort_key)
    result.internal_errors.sort(key=lambda error: error.path)
    return result


class _Pending(NamedTuple):
    """A file to lint, with what the stamp index needs to keep its result."""

    path: Path
    shown: str
    stamp: Optional[Stamp]  # as it was before the file is read
    settings_key: str


def _from_stamps(
    files: Sequence[Path], stamps: StampIndex, settings: Settings, fix: Optional[FixMode], unchanged: List[FileResult],
    stamped: Dict[str, Optional[Stamp]],
) -> List[_Pending]:
    """Take the results of files unchanged since they were indexed; return the others.
    Under --fix, a file with a wanted fix is linted again (to be fixed). Every file's
    stamp goes into `stamped`."""
    wanted = _wanted(settings)
    pending: List[_Pending] = []
    keys: Dict[FrozenSet[str], str] = {}  # by the codes enabled (per-file ignores may differ)
    here = os.getcwd()
    for path in files:
        enabled = settings.enabled_codes(path)
        key = keys.get(enabled)
        if key is None:
            key = keys[enabled] = _settings_key(enabled, settings)
        entry = _Pending(path, display_path(path), stamp(path), key)
        stamped[entry.shown] = entry.stamp
        found = stamps.get(
            os.path.normpath(os.path.join(here, path)), entry.shown, entry.settings_key, entry.stamp, suite_unchanged
        )
        if found is None or (fix is not None and any(map(wanted, found[0]))):
            pending.append(entry)
        else:
            unchanged.append(FileResult(entry.shown, tuple(found[0]), exports=found[1]))
    return pending


def _index(pending: Sequence[_Pending], linted: Sequence[FileResult], stamps: StampIndex) -> None:
    """Index the files just linted by their stamps from before they were read; not those
    that failed or that this run rewrote."""
    by_shown = {file_result.path: file_result for file_result in linted}
    for entry in pending:
        file_result = by_shown.get(entry.shown)
        if entry.stamp is None or file_result is None or file_result.internal_error is not None or file_result.fixed:
            continue
        depends = [(path, then) for path, then in file_result.depends]
        if any(then is None for _, then in depends):
            continue  # a file of its suite is not settled
        stamps.put(
            os.path.abspath(entry.path), entry.settings_key, entry.stamp, file_result.diagnostics, file_result.exports,
            [(path, then) for path, then in depends if then is not None],
        )


def _with_imports(
    files: Sequence[Path], results: List[FileResult], settings: Settings, fix: Optional[FixMode],
    cache: Optional[Cache], stamps: Optional[StampIndex], stamped: Dict[str, Optional[Stamp]],
    pool: Optional[ProcessPoolExecutor], workers: int,
) -> List[FileResult]:
    """The project phase: every file of the run was linted on its own, giving its exports
    (summaries of the float64 values it makes for others); a file that imports one of them
    is linted again with those exports (cached by its bytes and those exports, never in
    the stamp index, which knows only the file). Its exports stay those it has on its own.
    Which files import what, and the linting again, run in the pool of the first pass."""
    exports = [export for file_result in results for export in file_result.exports] + declared_exports(settings)
    if not exports:
        return results
    paths = {display_path(path): path for path in files}
    linted_alone = {r.path: paths[r.path] for r in results if r.path in paths and r.internal_error is None}
    relevant = _imports_of(linted_alone, exports, stamps, stamped, pool, workers)
    jobs = [
        (shown, linted_alone[shown], settings, cache, fix, Imported(found)) for shown, found in relevant.items() if found
    ]
    done = pool.map(_lint_again, jobs) if pool is not None else map(_lint_again, jobs)
    redone = {job[0]: again for job, again in zip(jobs, done)}
    final: List[FileResult] = []
    for file_result in results:
        again = redone.get(file_result.path)
        if again is None:
            final.append(file_result)
            continue
        if fix is not None and fix.write:  # what the first pass wrote is done
            again = replace(again, fixed=file_result.fixed + again.fixed, threaded=file_result.threaded + again.threaded)
        final.append(replace(again, exports=file_result.exports))
    return final


def declared_exports(settings: Settings) -> List[Export]:
    """The project's own float64 makers its configuration names (`float64-functions`), as
    exports of their modules: a file that calls one is read as if the run had linted the
    module and found it returns float64. They are placed at their line of the config file."""
    if not settings.float64_functions:
        return []
    config = settings.config_file
    shown = display_path(config) if config is not None else "configuration"
    try:
        lines = config.read_text(encoding="utf-8").splitlines() if config is not None else []
    except (OSError, UnicodeDecodeError):
        lines = []
    declared = []
    for qualified in settings.float64_functions:
        module, name = qualified.rsplit(".", 1)
        line = next((number for number, text in enumerate(lines, 1) if f'"{qualified}"' in text or f"'{qualified}'" in text), 1)
        declared.append(Export(module, name, True, f"{name}()", "float64", shown, line))
    return declared


def _lint_again(job: Tuple[str, Path, Settings, Optional[Cache], Optional[FixMode], Imported]) -> FileResult:
    shown, path, settings, cache, fix, imported = job
    return _lint_file(shown, path, read_bytes(path), settings, cache, fix, imported)


def _imports_of(
    paths: Dict[str, Path], exports: Sequence[Export], stamps: Optional[StampIndex],
    stamped: Dict[str, Optional[Stamp]], pool: Optional[ProcessPoolExecutor], workers: int,
) -> Dict[str, List[Export]]:
    """The exports each file (by shown path) imports: from the stamp index when the file
    and the run's exports are as they were (an unchanged file is not read), else read from
    its text."""
    digest = exports_digest(exports)
    found: Dict[str, List[Export]] = {}
    unknown: List[str] = []
    for shown, path in paths.items():
        known = None if stamps is None else stamps.imported(os.path.abspath(path), digest, stamped.get(shown))
        if known is None:
            unknown.append(shown)
        else:
            found[shown] = known
    read = _in_batches(pool, workers, [paths[shown] for shown in unknown], _imported_by_each, exports)
    for shown, imported in zip(unknown, read):
        found[shown] = imported
        now = stamped.get(shown)
        if stamps is not None and now is not None:
            stamps.put_imported(os.path.abspath(paths[shown]), digest, now, imported)
    return found


def _imported_by_each(paths: Sequence[Path], exports: Sequence[Export]) -> List[List[Export]]:
    return [_imported_by(path, exports) for path in paths]


def _imported_by(path: Path, exports: Sequence[Export]) -> List[Export]:
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
    return imported_in(path, data, exports)


def imported_in(path: Path, data: bytes, exports: Sequence[Export]) -> List[Export]:
    """The exports of other modules a file's text (`data`) may import."""
    named = [export for export in exports if _imports(data, export.module.rsplit(".", 1)[-1], export.name)]
    if not named:
        return []
    own = ModulePlace.of(path).name
    return [export for export in named if export.module != own]


def _imports(data: bytes, module: str, name: str) -> bool:
    """Does a file's text import `name` from `module` or name it through the module? The
    names are looked for first: most files hold neither."""
    if name.encode() not in data or module.encode() not in data:
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
        re.compile(written_module + rb"\." + written_name + rb"\b(?<!\w" + written_module + rb"\." + written_name + rb")"),
    )


def _pass_dtype_across(files: Sequence[Path], threaded: FrozenSet[str], mode: FixMode, result: RunResult) -> None:
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


def run_stdin(
    data: bytes, filename: Optional[Path], settings: Settings, fix: Optional[FixMode] = None,
    imported: Imported = Imported(),
) -> RunResult:
    """Lint source read from standard input; `filename` names it for per-file-ignores and
    output. `imported`: what the modules it imports export, when known (an editor's)."""
    result = RunResult()
    if filename is not None and settings.force_exclude and is_force_excluded(filename, settings):
        return result
    shown = display_path(filename) if filename is not None else "-"
    result.add(_lint_file(shown, filename, data, settings, None, fix, imported))
    now = result.fixed_source if result.fixed_source is not None else data
    result.diagnostics = in_cells(result.diagnostics, lambda _: now)
    return result
