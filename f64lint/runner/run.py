"""Lint many files: in parallel when it pays, from the cache when it can. A file that fails
in any way never stops the run. The linting itself (`lint_file`) is loaded only once a
file must be read: a run whose files the stamp index all holds loads no analysis."""

from __future__ import annotations

import os
from collections import Counter
from contextlib import nullcontext
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import (
    TYPE_CHECKING,
    Callable,
    ContextManager,
    Dict,
    FrozenSet,
    List,
    NamedTuple,
    Optional,
    Sequence,
    Tuple,
    TypeVar,
    cast,
)

from f64lint.analysis.project.exports import Export, Imported, placed
from f64lint.analysis.semantic.modules import ModulePlace, in_example_folder, in_test_folder, is_test_file
from f64lint.diagnostic import Diagnostic
from f64lint.runner import import_lookup
from f64lint.runner.cache import (
    Cache,
    Stamp,
    StampIndex,
    exports_digest,
    identities_digest,
    run_digest,
    settings_key,
    stamp,
)
from f64lint.runner.results import FileResult, FixMode, RunResult
from f64lint.source.notebook import is_notebook
from f64lint.workspace.discovery import Found, discover, display_path, is_force_excluded
from f64lint.workspace.settings import Settings

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from f64lint.runner.changes import ChangedLines

# Below this many files per worker, starting processes costs more than it saves
# (pre-commit passes a handful of files).
MIN_FILES_PER_WORKER = 8


def _linting() -> ModuleType:
    """The module that lints a file, loaded on first need."""
    from f64lint.runner import one_file

    return one_file


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
    """Lint the files under `paths`; with `changed`, report only the changed files, and
    only the findings on changed lines (the others are linted all the same: a changed
    line may move what an unchanged file exports)."""
    files = discover(paths, settings)
    stamps = cache.stamps() if cache is not None else None
    here = os.getcwd()
    shown = [display_path(file.name, file.absolute, here) for file in files]
    file_stamps = [stamp(file.absolute) for file in files]
    stamped = [(file.absolute, file_stamp) for file, file_stamp in zip(files, file_stamps)]
    digest = None
    if stamps is not None and changed is None and fix is None and None not in file_stamps:
        digest = run_digest(settings, here, stamped)
    replayed = stamps.replayed(digest) if stamps is not None and digest is not None else None
    if replayed is not None:
        result = RunResult(checked=shown)
        for findings in replayed.values():
            result.diagnostics.extend(findings)
    else:
        result = _linted(files, shown, file_stamps, settings, jobs, cache, stamps, changed, fix)
        if stamps is not None and digest is not None and not result.internal_errors:
            found: Dict[str, List[Diagnostic]] = {}
            for diagnostic in result.diagnostics:
                found.setdefault(diagnostic.path, []).append(diagnostic)
            stamps.put_run(digest, found, stamped)
    if stamps is not None:
        stamps.save()
    if fix is not None and result.threaded:
        from f64lint.runner.dtype_across_files import pass_dtype_across

        pass_dtype_across([file.path for file in files], frozenset(result.threaded), fix, result)
    if changed is not None:
        from f64lint.runner.changes import touches

        whole_file = _linting().WHOLE_FILE_CODES
        result.diagnostics = [d for d in result.diagnostics if touches(d, changed, whole_file)]
    notebooks = {path: Path(file.name) for file, path in zip(files, shown) if is_notebook(file.name)}
    if notebooks:
        from f64lint.source.decoding import read_bytes
        from f64lint.source.notebook import in_cells

        result.diagnostics = in_cells(result.diagnostics, lambda shown: read_bytes(notebooks[shown]))
    result.diagnostics.sort(key=Diagnostic.sort_key)
    result.internal_errors.sort(key=lambda error: error.path)
    return result


def _linted(
    files: Sequence[Found], shown: Sequence[str], file_stamps: Sequence[Optional[Stamp]], settings: Settings,
    jobs: int, cache: Optional[Cache], stamps: Optional[StampIndex], changed: Optional[ChangedLines],
    fix: Optional[FixMode],
) -> RunResult:
    """The run's results, each file's taken from the stamp index while it holds, the others
    linted (in the pool when it pays), then the project phase."""
    result = RunResult()
    unchanged_results: List[FileResult] = []
    entries = _entries(files, shown, file_stamps, settings)
    reported = None if changed is None else {entry.shown for entry in entries if entry.absolute in changed}
    pending = entries if stamps is None else _from_stamps(entries, stamps, settings, fix, unchanged_results)
    workers = min(jobs, len(pending) // MIN_FILES_PER_WORKER)
    with _pool(workers) as pool:
        linted = (
            _in_batches(pool, workers, [entry.path for entry in pending], _linting().lint_paths, settings, cache, fix)
            if pending else []
        )
        if stamps is not None:
            _index(pending, linted, stamps)
        phase = _ProjectPhase(entries, settings, fix, cache, stamps, pool, workers)
        for file_result in phase.results(unchanged_results + linted):
            if reported is None or file_result.path in reported:
                result.add(file_result)
    return result


def _pool(workers: int) -> ContextManager[Optional[ProcessPoolExecutor]]:
    """Worker processes, when more than one would work."""
    if workers <= 1:
        return nullcontext()
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(max_workers=workers)


class _Entry(NamedTuple):
    """A file of the run, with what the stamp index keeps its results by."""

    name: str  # its path, as found
    absolute: str
    shown: str
    stamp: Optional[Stamp]  # as it was before the file is read
    settings_key: str

    @property
    def path(self) -> Path:
        return Path(self.name)


def _entries(
    files: Sequence[Found], shown_paths: Sequence[str], file_stamps: Sequence[Optional[Stamp]], settings: Settings,
) -> List[_Entry]:
    """The run's files with the key the stamp index keeps their results by: the settings
    (per-file ignores may differ), the package the file is in (what its relative imports
    read, whether it is a script) and how its shown path makes it read (a test module, an
    example, a notebook), as the content cache keys them (lint_file.py)."""
    settings_keys: Dict[str, str] = {}  # by the rules selected
    packages: Dict[str, str] = {}  # by folder
    folder_roles: Dict[str, Tuple[bool, bool]] = {}  # by folder as shown: of tests, of examples
    keys: Dict[Tuple[str, str, str], str] = {}
    entries = []
    for file, shown, file_stamp in zip(files, shown_paths, file_stamps):
        selection = settings.selection_key(file.name) if settings.per_file_ignores else ""
        given = settings_keys.get(selection)
        if given is None:
            given = settings_keys[selection] = settings_key(settings, file.path)
        folder = os.path.dirname(file.absolute)
        package = packages.get(folder)
        if package is None:
            package = packages[folder] = ModulePlace.of(os.path.join(folder, "_")).package
        shown_folder, _, file_name = shown.rpartition("/")
        folder_role = folder_roles.get(shown_folder)
        if folder_role is None:
            folder_role = folder_roles[shown_folder] = (in_test_folder(shown_folder), in_example_folder(shown_folder))
        role = f"{is_test_file(file_name, folder_role[0]):d}{folder_role[1]:d}{is_notebook(file_name):d}"
        key = keys.get((given, package, role))
        if key is None:
            key = keys[(given, package, role)] = f"{given}\0{package}\0{role}"
        entries.append(_Entry(file.name, file.absolute, shown, file_stamp, key))
    return entries


def _from_stamps(
    entries: Sequence[_Entry], stamps: StampIndex, settings: Settings, fix: Optional[FixMode],
    unchanged_results: List[FileResult],
) -> List[_Entry]:
    """Take the results of files unchanged since they were indexed; return the others.
    Under --fix, a file with a wanted fix is linted again (to be fixed)."""
    wanted = _linting().wanted_fixes(settings) if fix is not None else None
    pending: List[_Entry] = []
    for entry in entries:
        found = stamps.get(entry.absolute, entry.shown, entry.settings_key, entry.stamp)
        if found is None or (wanted is not None and any(map(wanted, found[0]))):
            pending.append(entry)
            continue
        exports = placed(found[1], ModulePlace.of(entry.path).name, entry.shown) if found[1] else ()
        unchanged_results.append(FileResult(entry.shown, tuple(found[0]), exports=exports))
    return pending


def _index(pending: Sequence[_Entry], linted: Sequence[FileResult], stamps: StampIndex, given: str = "") -> None:
    """Index the files just linted by their stamps from before they were read; not those
    that failed or that this run rewrote. `given`: the digest of the other modules'
    exports they were linted with (the project phase)."""
    by_shown = {file_result.path: file_result for file_result in linted}
    for entry in pending:
        file_result = by_shown.get(entry.shown)
        if entry.stamp is None or file_result is None or file_result.internal_error is not None or file_result.fixed:
            continue
        if any(then is None for _, then in file_result.depends):
            continue  # a file of its suite is not settled
        stamps.put(
            entry.absolute, entry.settings_key, entry.stamp, file_result.diagnostics, file_result.exports,
            # No stamp is None: such files were skipped just above.
            cast("Tuple[Tuple[str, Tuple[int, ...]], ...]", file_result.depends), given,
        )


class _ProjectPhase(NamedTuple):
    """The project phase: every file of the run was linted on its own, giving its exports
    (summaries of the float64 values it makes for others); a file that imports one of them
    is linted again with those exports. Its exports stay those it has on its own. Which
    files import what, and the result of linting again, are in the stamp index while the
    file and the exports it imports are as they were; the rest runs in the pool of the
    first pass."""

    entries: Sequence[_Entry]
    settings: Settings
    fix: Optional[FixMode]
    cache: Optional[Cache]
    stamps: Optional[StampIndex]
    pool: Optional[ProcessPoolExecutor]
    workers: int

    def results(self, results: List[FileResult]) -> List[FileResult]:
        exports = [export for file_result in results for export in file_result.exports]
        ambiguous = _ambiguous_modules(exports, self.entries)
        exports = [export for export in exports if export.module not in ambiguous]
        exports += declared_exports(self.settings)
        if not exports:
            return results
        by_shown = {entry.shown: entry for entry in self.entries}
        alone = {r.path: by_shown[r.path] for r in results if r.path in by_shown and r.internal_error is None}
        again = self._again({shown: found for shown, found in self._imports_of(alone, exports).items() if found}, alone)
        final: List[FileResult] = []
        for file_result in results:
            redone = again.get(file_result.path)
            if redone is None:
                final.append(file_result)
                continue
            if self.fix is not None and self.fix.write:  # what the first pass wrote is done
                redone = replace(
                    redone, fixed=file_result.fixed + redone.fixed, threaded=file_result.threaded + redone.threaded
                )
            final.append(replace(redone, exports=file_result.exports))
        return final

    def _again(self, importing: Dict[str, List[Export]], entries: Dict[str, _Entry]) -> Dict[str, FileResult]:
        """The results of the files that import exports, linted with them: from the stamp
        index when it holds them, else linted."""
        done: Dict[str, FileResult] = {}
        jobs = []
        givens = []  # each job's digest of the exports it is linted with
        for shown, found in importing.items():
            entry, given = entries[shown], exports_digest(found)
            known = None
            if self.stamps is not None and self.fix is None:
                known = self.stamps.get(entry.absolute, shown, entry.settings_key, entry.stamp, given)
            if known is not None:
                done[shown] = FileResult(shown, tuple(known[0]), exports=known[1])
            else:
                jobs.append((shown, entry.path, self.settings, self.cache, self.fix, Imported(found)))
                givens.append(given)
        if not jobs:
            return done
        lint_again = _linting().lint_again
        linted = list(self.pool.map(lint_again, jobs) if self.pool is not None else map(lint_again, jobs))
        if self.stamps is not None:
            for job, given, file_result in zip(jobs, givens, linted):
                _index([entries[job[0]]], [file_result], self.stamps, given)
        done.update((job[0], file_result) for job, file_result in zip(jobs, linted))
        return done

    def _imports_of(self, entries: Dict[str, _Entry], exports: Sequence[Export]) -> Dict[str, List[Export]]:
        """The exports each file (by shown path) imports: from the stamp index when the
        file and the run's exports are as they were (an unchanged file is not read), else
        read from its text. The index keeps them by what they are, not where they are shown
        (a run from another folder shows them by other paths): the run's own are handed on."""
        digest = identities_digest(exports)
        by_identity = {export.identity: export for export in exports}
        found: Dict[str, List[Export]] = {}
        unknown: List[_Entry] = []
        for shown, entry in entries.items():
            known = None if self.stamps is None else self.stamps.imported(entry.absolute, digest, entry.stamp)
            if known is None:
                unknown.append(entry)
            else:
                found[shown] = [by_identity[export.identity] for export in known if export.identity in by_identity]
        if not unknown:
            return found
        read = _in_batches(
            self.pool, self.workers, [entry.path for entry in unknown], import_lookup.imported_by_each, exports
        )
        for entry, imported in zip(unknown, read):
            found[entry.shown] = imported
            if self.stamps is not None and entry.stamp is not None:
                self.stamps.put_imported(entry.absolute, digest, entry.stamp, imported)
        return found


def _ambiguous_modules(exports: Sequence[Export], entries: Sequence[_Entry]) -> FrozenSet[str]:
    """The exporting modules whose name another file of the run has too (`exp1/utils.py`
    and `exp2/utils.py`, two top-level `utils`): which one an import reads cannot be
    told, so neither's exports are handed on. Only files named like an exporting module
    are looked at."""
    modules = {export.module for export in exports}
    if not modules:
        return frozenset()
    stems = {module.rsplit(".", 1)[-1] for module in modules}
    named: Counter = Counter()
    for entry in entries:
        folder, _, file_name = entry.absolute.rpartition(os.sep)
        stem = file_name.rsplit(".", 1)[0]
        if (stem if stem != "__init__" else folder.rpartition(os.sep)[2]) in stems and not is_notebook(file_name):
            named[ModulePlace.of(entry.path).name] += 1
    return frozenset(module for module in modules if named[module] > 1)


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
        line = next(
            (number for number, text in enumerate(lines, 1) if f'"{qualified}"' in text or f"'{qualified}'" in text), 1
        )
        declared.append(Export(module, name, True, f"{name}()", "float64", shown, line))
    return declared


def run_stdin(
    data: bytes,
    filename: Optional[Path],
    settings: Settings,
    fix: Optional[FixMode] = None,
    imported: Imported = Imported(),
) -> RunResult:
    """Lint source read from standard input; `filename` names it for per-file-ignores and
    output. `imported`: what the modules it imports export, when known (an editor's)."""
    result = RunResult()
    if filename is not None and settings.force_exclude and is_force_excluded(filename, settings):
        return result
    shown = display_path(filename) if filename is not None else "-"
    result.add(_linting().lint_file(shown, filename, data, settings, None, fix, imported))
    now = result.fixed_source if result.fixed_source is not None else data
    from f64lint.source.notebook import in_cells

    result.diagnostics = in_cells(result.diagnostics, lambda _: now)
    return result
