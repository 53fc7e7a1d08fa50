"""The run's files as the stamp index keeps their results: by path, stamp and a key of
what the results depend on besides the file's bytes; which results the index still
holds, and the indexing of the files just linted."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple, cast

from f64lint.analysis.project.exports import placed
from f64lint.analysis.semantic.modules import ModulePlace, in_example_folder, in_test_folder, is_test_file
from f64lint.runner.cache import Stamp, StampIndex, settings_key
from f64lint.runner.pool import linting_module
from f64lint.runner.results import FileResult, FixMode
from f64lint.source.notebook import is_notebook
from f64lint.workspace.discovery import Found
from f64lint.workspace.settings import Settings


class Entry(NamedTuple):
    """A file of the run, with what the stamp index keeps its results by."""

    name: str  # its path, as found
    absolute: str
    shown: str
    stamp: Optional[Stamp]  # as it was before the file is read
    settings_key: str

    @property
    def path(self) -> Path:
        return Path(self.name)


def entries_of(
    files: Sequence[Found], shown_paths: Sequence[str], file_stamps: Sequence[Optional[Stamp]], settings: Settings,
) -> List[Entry]:
    """The run's files with the key the stamp index keeps their results by: the settings
    (per-file ignores may differ), the package the file is in (what its relative imports
    read, whether it is a script) and how its shown path makes it read (a test module, an
    example, a notebook), as the content cache keys them (runner/one_file.py)."""
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
        entries.append(Entry(file.name, file.absolute, shown, file_stamp, key))
    return entries


def from_stamps(
    entries: Sequence[Entry], stamps: StampIndex, settings: Settings, fix: Optional[FixMode],
    unchanged_results: List[FileResult],
) -> List[Entry]:
    """Take the results of files unchanged since they were indexed; return the others.
    Under --fix, a file with a wanted fix is linted again (to be fixed)."""
    wanted = linting_module().wanted_fixes(settings) if fix is not None else None
    pending: List[Entry] = []
    for entry in entries:
        found = stamps.get(entry.absolute, entry.shown, entry.settings_key, entry.stamp)
        if found is None or (wanted is not None and any(map(wanted, found[0]))):
            pending.append(entry)
            continue
        exports = placed(found[1], ModulePlace.of(entry.path).name, entry.shown) if found[1] else ()
        unchanged_results.append(FileResult(entry.shown, tuple(found[0]), exports=exports))
    return pending


def index_linted(pending: Sequence[Entry], linted: Sequence[FileResult], stamps: StampIndex, given: str = "") -> None:
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
