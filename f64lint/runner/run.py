"""Lint many files: in parallel when it pays (runner/pool.py), from the cache when it can
(runner/stamped_files.py), then the project phase (runner/project_phase.py). A file that
fails in any way never stops the run. The linting itself (runner/one_file.py) is loaded
only once a file must be read: a run whose files the stamp index all holds loads no
analysis."""

from __future__ import annotations

import os
from pathlib import Path
from typing import (
    TYPE_CHECKING,
    Dict,
    List,
    Optional,
    Sequence,
    Tuple,
)

from f64lint.analysis.project.exports import Export, Imported
from f64lint.diagnostic import Diagnostic
from f64lint.runner.cache import (
    Cache,
    Stamp,
    StampIndex,
    run_digest,
    stamp,
)
from f64lint.runner.import_lookup import imported_in
from f64lint.runner.package_modules import modules_imported, outside_modules, shared, subclass_modules
from f64lint.runner.pool import MIN_FILES_PER_WORKER, in_batches, linting_module, started, worker_pool
from f64lint.runner.project_phase import MOST_HANDED_ON, ProjectPhase, declared_exports
from f64lint.runner.results import FileResult, FixMode, RunResult
from f64lint.runner.stamped_files import Entry, entries_of, from_stamps, index_linted
from f64lint.source.decoding import read_bytes
from f64lint.source.notebook import is_notebook
from f64lint.source.writing import write_atomically
from f64lint.workspace.discovery import Found, discover, display_path, is_force_excluded
from f64lint.workspace.settings import Settings

if TYPE_CHECKING:

    from f64lint.runner.changes import ChangedLines


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
        result, around = _linted(files, shown, file_stamps, settings, jobs, cache, stamps, changed, fix, paths)
        if stamps is not None and digest is not None and around is not None and not result.internal_errors:
            found: Dict[str, List[Diagnostic]] = {}
            for diagnostic in result.diagnostics:
                found.setdefault(diagnostic.path, []).append(diagnostic)
            stamps.put_run(digest, found, stamped, around)
    if stamps is not None:
        stamps.save()
    if fix is not None and fix.write:
        _write_fixed(result, {shown_path: file.path for file, shown_path in zip(files, shown)})
    if fix is not None and result.threaded:
        from f64lint.runner.dtype_across_files import pass_dtype_across

        threaded = frozenset(name for names in result.threaded.values() for name in names)
        pass_dtype_across([file.path for file in files], threaded, fix, result)
    if changed is not None:
        from f64lint.runner.changes import touches

        whole_file = linting_module().WHOLE_FILE_CODES
        result.diagnostics = [d for d in result.diagnostics if touches(d, changed, whole_file)]
    notebooks = {path: Path(file.name) for file, path in zip(files, shown) if is_notebook(file.name)}
    if notebooks:
        from f64lint.source.decoding import Unreadable, read_bytes
        from f64lint.source.notebook import in_cells

        result.diagnostics = in_cells(
            result.diagnostics,
            lambda shown: read_bytes(notebooks[shown]) if shown in notebooks else Unreadable("not in the run"),
        )
    result.diagnostics.sort(key=Diagnostic.sort_key)
    result.internal_errors.sort(key=lambda error: error.path)
    return result


def _write_fixed(result: RunResult, paths: Dict[str, Path]) -> None:
    """Write the files the run fixed, once every file is linted and fixed: none when a file
    failed (a run that ends in an internal error changes nothing); a file that changed on
    disk meanwhile or cannot be written is reported and keeps its findings."""
    for shown_path, unwritten in list(result.unwritten.items()):
        if result.internal_errors:
            problem: Optional[str] = "not written, as the run met an internal error"
        else:
            problem = write_atomically(paths[shown_path], unwritten.read, unwritten.fixed)
        if problem is None:
            del result.unwritten[shown_path]
        else:
            result.fix_errors.append(f"{shown_path}: {problem}")
            result.unfixed(shown_path)


def _linted(
    files: Sequence[Found], shown: Sequence[str], file_stamps: Sequence[Optional[Stamp]], settings: Settings,
    jobs: int, cache: Optional[Cache], stamps: Optional[StampIndex], changed: Optional[ChangedLines],
    fix: Optional[FixMode], targets: Sequence[Path],
) -> Tuple[RunResult, Optional[List[Tuple[str, Optional[Stamp]]]]]:
    """The run's results, each file's taken from the stamp index while it holds, the others
    linted (in the pool when it pays), then the project phase; and the files of the
    package outside the run that it read (runner/package_modules.py), with their stamps.
    Those are linted for what they export only, and never fixed. None for those when it
    searched a package for subclasses: a module added there later would not be seen by a
    replay of the run."""
    result = RunResult()
    unchanged_results: List[FileResult] = []
    entries = entries_of(files, shown, file_stamps, settings)
    around = _around(files, targets, settings)
    reported = None if changed is None else {entry.shown for entry in entries if entry.absolute in changed}
    pending = entries if stamps is None else from_stamps(entries, stamps, settings, fix, unchanged_results)
    around_results: List[FileResult] = []
    around_pending = around if stamps is None else from_stamps(around, stamps, settings, None, around_results)
    workers = min(jobs, (len(pending) + len(around_pending)) // MIN_FILES_PER_WORKER)
    with worker_pool(workers) as pool:
        lint_paths = linting_module().lint_paths
        paths = [entry.path for entry in pending]
        linting = started(pool, workers, paths, lint_paths, settings, cache, fix)
        around_paths = [entry.path for entry in around_pending]
        around_linting = started(pool, workers, around_paths, lint_paths, settings, cache, None)
        linted = linting() if pending else []
        if around_pending:
            around_linted = around_linting()
            around_results += around_linted
        if stamps is not None:
            index_linted(pending, linted, stamps)
            if around_pending:
                index_linted(around_pending, around_linted, stamps)
        results = [*unchanged_results, *linted, *around_results]
        subclassing = _subclasses_around(entries, around, results, targets, settings)
        if subclassing:  # a second round around the run: the modules of subclasses it imports none of
            pending_too = subclassing
            if stamps is not None:
                pending_too = from_stamps(subclassing, stamps, settings, None, around_results)
            paths_too = [entry.path for entry in pending_too]
            linted_too = in_batches(pool, workers, paths_too, lint_paths, settings, cache, None)
            around_results += linted_too
            if stamps is not None:
                index_linted(pending_too, linted_too, stamps)
            around = [*around, *subclassing]
        phase = ProjectPhase(entries, settings, fix, cache, stamps, pool, workers, around)
        for file_result in phase.results(unchanged_results + linted, around_results):
            if reported is None or file_result.path in reported:
                result.add(file_result)
    return result, None if subclassing is not None else [(entry.absolute, entry.stamp) for entry in around]


def _around(files: Sequence[Found], targets: Sequence[Path], settings: Settings) -> List[Entry]:
    """The modules of the package the run's files import and the run does not hold."""
    return _entries(outside_modules(files, targets, settings), settings)


def _subclasses_around(
    entries: Sequence[Entry], around: Sequence[Entry], results: Sequence[FileResult], targets: Sequence[Path],
    settings: Settings,
) -> Optional[List[Entry]]:
    """The modules of the packages around the run, not read yet, that define subclasses
    of classes whose properties give what their subclasses set (package_modules.py
    `subclass_modules`); None when no package was searched."""
    exports = [export for file_result in results for export in file_result.exports]
    places = {entry.shown: entry.absolute for entry in [*entries, *around]}
    covered = [os.path.join(os.path.abspath(target), "") for target in targets if os.path.isdir(target)]
    found = subclass_modules(exports, places, set(places.values()), covered, settings)
    return _entries(found, settings) if found is not None else None


def _entries(found: Sequence[Found], settings: Settings) -> List[Entry]:
    here = os.getcwd()
    return entries_of(
        found, [display_path(file.name, file.absolute, here) for file in found],
        [stamp(file.absolute) for file in found], settings,
    )


def run_stdin(
    data: bytes,
    filename: Optional[Path],
    settings: Settings,
    fix: Optional[FixMode] = None,
    cache: Optional[Cache] = None,
    shown_from: Optional[str] = None,
) -> RunResult:
    """Lint source read from standard input (or an editor's text) as the file `filename`
    names: for per-file-ignores, output, and the package it is in, whose modules it
    imports are read for what they export (through `cache`), as a run on the file reads
    them. Their paths are shown from `shown_from` (the current folder by default)."""
    result = RunResult()
    if filename is not None and settings.force_exclude and is_force_excluded(filename, settings):
        return result
    shown = display_path(filename) if filename is not None else "-"
    imported = package_exports(filename, data, settings, cache, shown_from) if filename is not None else Imported()
    result.add(linting_module().lint_file(shown, filename, data, settings, None, fix, imported))
    now = result.fixed_source if result.fixed_source is not None else data
    from f64lint.source.notebook import in_cells

    result.diagnostics = in_cells(result.diagnostics, lambda _: now)
    return result


def package_exports(
    path: Path, data: bytes, settings: Settings, cache: Optional[Cache], shown_from: Optional[str]
) -> Imported:
    """What the modules of its package a file's text imports export, read from them as they
    are on disk (runner/package_modules.py), with the project's declared float64 makers."""
    modules = modules_imported(path, data, settings)
    here = shown_from if shown_from is not None else os.getcwd()
    lint_file = linting_module().lint_file
    places = {display_path(module.name, module.absolute, here): module.absolute for module in modules}

    def exported(read: Sequence[Found], given: Sequence[Export] = ()) -> List[Export]:
        found = []
        for module in read:
            data = read_bytes(module.path)
            shown = display_path(module.name, module.absolute, here)
            imports = imported_in(module.path, data, given) if given and isinstance(data, bytes) else []
            if given and not imports:
                continue
            found += lint_file(shown, module.path, data, settings, cache, None, Imported(imports)).exports
        return found

    exports = exported(modules)
    held = {*places.values(), os.path.abspath(path)}  # and the modules of the subclasses it imports none of
    exports += exported(subclass_modules(exports, places, held, [], settings) or [])
    exports = shared(exports, [module.path for module in modules])
    known = {export.identity for export in exports}
    for _ in range(MOST_HANDED_ON):  # what a module exports once it reads another's, as the project phase
        own = [export for export in exports if not export.passed]
        more = [e for e in exported(modules, own) if not e.passed and e.identity not in known]
        if not more:
            break
        known.update(export.identity for export in more)
        exports += shared(more, [module.path for module in modules])
    exports += declared_exports(settings)
    return Imported(imported_in(path, data, exports)) if exports else Imported()
