"""The project phase: the files of the run that import what other files of the run
export are linted again with those exports."""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Dict, FrozenSet, Iterable, List, NamedTuple, Optional, Sequence

from f64lint.analysis.project.exports import INSTANCE, Export, Imported
from f64lint.analysis.semantic.modules import ModulePlace
from f64lint.runner import import_lookup
from f64lint.runner.cache import Cache, StampIndex, exports_digest, identities_digest
from f64lint.runner.package_modules import passed_to_sources, shared
from f64lint.runner.pool import in_batches, linting_module
from f64lint.runner.results import FileResult, FixMode
from f64lint.runner.stamped_files import Entry, index_linted
from f64lint.source.notebook import is_notebook
from f64lint.workspace.discovery import display_path
from f64lint.workspace.settings import Settings

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor


# Functions a value other modules pass is handed on through, at most (`train` passes
# `middle` an array, which passes it to `prep`: two).
MOST_HANDED_ON = 3


class ProjectPhase(NamedTuple):
    """The project phase: every file of the run was linted on its own, giving its exports
    (summaries of the float64 values it makes for others); a file that imports one of them
    is linted again with those exports. Its exports stay those it has on its own. Which
    files import what, and the result of linting again, are in the stamp index while the
    file and the exports it imports are as they were; the rest runs in the pool of the
    first pass."""

    entries: Sequence[Entry]
    settings: Settings
    fix: Optional[FixMode]
    cache: Optional[Cache]
    stamps: Optional[StampIndex]
    pool: Optional[ProcessPoolExecutor]
    workers: int
    around: Sequence[Entry] = ()  # the package's modules the run's files import, outside the run

    def results(self, results: List[FileResult], around: Sequence[FileResult] = ()) -> List[FileResult]:
        """The run's results, those of files that import exports linted again; `around`:
        the results of the modules outside the run, for what they export."""
        given = [export for file_result in [*results, *around] for export in file_result.exports]
        batches = _with_batch_findings([*results, *around]) if any(e.for_batches for e in given) else frozenset()
        given = [export for export in given if batches or not export.for_batches]
        ambiguous = _ambiguous_modules(given, [*self.entries, *self.around])
        given = [export for export in given if export.module not in ambiguous]
        modules = [entry.path for entry in [*self.entries, *self.around]]
        passed = passed_to_sources([export for export in given if export.passed], modules)
        exports = shared([export for export in given if not export.passed], modules)
        exports += declared_exports(self.settings)
        if not exports and not passed:
            return results
        by_shown = {entry.shown: entry for entry in [*self.entries, *self.around]}
        # The modules around the run too: what they export once they read their own imports.
        alone = {
            r.path: by_shown[r.path] for r in [*results, *around] if r.path in by_shown and r.internal_error is None
        }
        importing = self._imports_of(alone, exports) if exports else {}
        importing = {
            shown: _for_findings(shown, _not_its_own(shown, found), batches) for shown, found in importing.items()
        }
        _add(importing, _with_members(_passed_to_each(alone, passed), exports))
        again = self._again({shown: found for shown, found in importing.items() if found}, alone)
        given_on = {export.identity for export in exports}
        handed_on = list(exports)  # and those the files linted again export, given on

        def give_on(exported: Callable[[str, FileResult], Iterable[Export]]) -> None:
            """The files that import what the files linted again export (`exported` of each,
            not given on yet) linted again with it, as many times as that gives more."""
            for _ in range(MOST_HANDED_ON):
                further = [e for shown, r in again.items() for e in exported(shown, r) if e.identity not in given_on]
                further = shared([e for e in further if e.module not in ambiguous], modules)
                given_on.update(export.identity for export in further)
                handed_on.extend(further)
                reading = self._imports_of(alone, further) if further else {}
                reading = {
                    shown: kept for shown, found in reading.items()
                    if (kept := _for_findings(shown, _not_its_own(shown, found), batches))
                }
                if not reading:
                    break
                _add(importing, reading)
                again.update(self._again({shown: importing[shown] for shown in reading}, alone))

        known = {export.identity for export in passed}

        def hand_on() -> None:
            """The functions the calls of the files linted again pass values (a function
            hands on what it was passed, to another's), linted again with them, as many
            times as that gives more."""
            for _ in range(MOST_HANDED_ON):
                more = [e for r in again.values() for e in r.exports if e.passed and e.identity not in known]
                more = [e for e in passed_to_sources(more, modules) if e.module not in ambiguous]
                known.update(export.identity for export in more)
                handed = _with_members(_passed_to_each(alone, more), handed_on)
                if not handed:
                    break
                _add(importing, handed)
                again.update(self._again({shown: importing[shown] for shown in handed}, alone))

        for _ in range(MOST_HANDED_ON):  # each step may give the others more (`fit_basis(x)` given back, passed on)
            before = (len(given_on), len(known))
            # What a module exports once it reads another's (`utils`, `model`, `train`); not of a
            # module other modules' calls pass values: what `prep(x)` returns is then the call's.
            give_on(lambda shown, r: [
                e for e in r.exports if not e.passed and not any(p.passed for p in importing[shown])
            ])
            hand_on()
            give_on(lambda shown, r: [e for e in r.exports if e.through])  # what those functions give back of it
            if (len(given_on), len(known)) == before:
                break
        final: List[FileResult] = []
        for file_result in results:
            redone = again.get(file_result.path)
            if redone is None:
                final.append(file_result)
                continue
            final.append(replace(redone, exports=file_result.exports))
        return final

    def _again(self, importing: Dict[str, List[Export]], entries: Dict[str, Entry]) -> Dict[str, FileResult]:
        """The results of the files that import exports, linted with them: from the stamp
        index when it holds them, else linted."""
        done: Dict[str, FileResult] = {}
        jobs = []
        givens = []  # each job's digest of the exports it is linted with
        around = {entry.shown for entry in self.around}
        for shown, found in importing.items():
            entry, given = entries[shown], exports_digest(found)
            fix = None if shown in around else self.fix  # read for what it exports, never fixed
            known = None
            if self.stamps is not None and fix is None:
                known = self.stamps.get(entry.absolute, shown, entry.settings_key, entry.stamp, given)
            if known is not None:
                done[shown] = FileResult(shown, tuple(known[0]), exports=known[1])
            else:
                jobs.append((shown, entry.path, self.settings, self.cache, fix, Imported(found)))
                givens.append(given)
        if not jobs:
            return done
        lint_again = linting_module().lint_again
        linted = list(self.pool.map(lint_again, jobs) if self.pool is not None else map(lint_again, jobs))
        if self.stamps is not None:
            for job, given, file_result in zip(jobs, givens, linted):
                index_linted([entries[job[0]]], [file_result], self.stamps, given)
        done.update((job[0], file_result) for job, file_result in zip(jobs, linted))
        return done

    def _imports_of(self, entries: Dict[str, Entry], exports: Sequence[Export]) -> Dict[str, List[Export]]:
        """The exports each file (by shown path) imports: from the stamp index when the
        file and the run's exports are as they were (an unchanged file is not read), else
        read from its text. The index keeps them by what they are, not where they are shown
        (a run from another folder shows them by other paths): the run's own are handed on."""
        digest = identities_digest(exports)
        by_identity = {export.identity: export for export in exports}
        found: Dict[str, List[Export]] = {}
        unknown: List[Entry] = []
        for shown, entry in entries.items():
            known = None if self.stamps is None else self.stamps.imported(entry.absolute, digest, entry.stamp)
            if known is None:
                unknown.append(entry)
            else:
                found[shown] = [by_identity[export.identity] for export in known if export.identity in by_identity]
        if not unknown:
            return found
        read = in_batches(
            self.pool, self.workers, [entry.path for entry in unknown], import_lookup.imported_by_each, exports
        )
        for entry, imported in zip(unknown, read):
            found[entry.shown] = imported
            if self.stamps is not None and entry.stamp is not None:
                self.stamps.put_imported(entry.absolute, digest, entry.stamp, imported)
        return found


def _not_its_own(shown: str, exports: List[Export]) -> List[Export]:
    """What a file imports but what it exports itself, which a package's `__init__` names
    again (`from .functions import UserFunctionVariable`, imported back in `functions.py`
    as `from . import ...`): the file's own analysis already reads those values."""
    return [export for export in exports if export.path != shown]


def _with_batch_findings(results: Sequence[FileResult]) -> FrozenSet[str]:
    """The files (by shown path) whose own run has a finding about a loader's batch."""
    codes = _batch_codes()
    return frozenset(
        result.path for result in results if any(found.code in codes for found in (*result.diagnostics, *result.fixed))
    )


@lru_cache(maxsize=1)
def _batch_codes() -> FrozenSet[str]:
    """The codes of the rules about a loader's batch (F64011), whose findings the rows of
    what batches hold may change. The rules are loaded only for a run given such rows: one
    whose files all come from the cache loads none otherwise."""
    from f64lint.rules import ALL_RULES

    return frozenset(rule.code for rule in ALL_RULES if rule.reads_batches)


def _for_findings(shown: str, exports: List[Export], batches: FrozenSet[str]) -> List[Export]:
    """What a file is linted again with: the rows that only tell what a loader's batches
    hold (`Export.for_batches`) only if its own run has a finding about a batch, which is
    all they can change. Handed to every file that imports them, they made the project
    phase lint twice as many files again (an image processor's `patchify` returning
    float32 parts, imported by dozens of transformers' modules)."""
    return exports if shown in batches else [export for export in exports if not export.for_batches]


def _add(importing: Dict[str, List[Export]], more: Dict[str, List[Export]]) -> None:
    """Add to what each file (by shown path) is linted again with."""
    for shown, found in more.items():
        importing[shown] = [*importing.get(shown, []), *found]


def _passed_to_each(entries: Dict[str, Entry], passed: Sequence[Export]) -> Dict[str, List[Export]]:
    """The values other modules' calls pass to each file's functions (by shown path): the
    rows that name its module, or a class of it (a static method called on the class)."""
    if not passed:
        return {}
    modules = {ModulePlace.of(entry.path).name: shown for shown, entry in entries.items()}
    found: Dict[str, List[Export]] = {}
    for export in passed:
        module = export.module  # or one it is in: `pkg.grid` for `Grid.make(x)` after `from pkg.grid import Grid`
        while module and module not in modules:
            module = module.rpartition(".")[0]
        if module:
            found.setdefault(modules[module], []).append(export)
    return found


def _with_members(handed: Dict[str, List[Export]], exports: Sequence[Export]) -> Dict[str, List[Export]]:
    """What each file's functions are passed, and where an object of another module's class
    is among it (an `INSTANCE` row), what the run's modules export of the class: its
    members, read on the parameter (`cfg.dtype`; those a subclass's module says it inherits
    once it read its base's too)."""
    for shown, rows in handed.items():
        classes = {row.made_by for row in rows if row.width == INSTANCE}
        members = [e for e in exports if "." in e.name and f"{e.module}.{e.name.split('.')[0]}" in classes]
        rows.extend(_not_its_own(shown, members))
    return handed


def _ambiguous_modules(exports: Sequence[Export], entries: Sequence[Entry]) -> FrozenSet[str]:
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
    """The project's own float64 makers its configuration names (`float64-functions`,
    `float64-attributes`), as exports of their modules: a file that calls or reads one is
    read as if the run had linted the module and found it gives float64. They are placed at
    their line of the config file. So are the functions the project's tests saw return the
    data of a float64 tensor that reached MPS (`.f64lint/observed.json`), placed at their
    `def`."""
    exports = _configured_exports(settings)
    for observation in settings.observations:
        maker = observation.data_from
        if maker is not None:
            module, _, name = maker.function.rpartition(".")
            exports.append(Export(module, name, True, f"{name}()", "float64", maker.path, maker.line))
    return exports


def _configured_exports(settings: Settings) -> List[Export]:
    if not settings.float64_functions and not settings.float64_attributes:
        return []
    config = settings.config_file
    shown = display_path(config) if config is not None else "configuration"
    try:
        lines = config.read_text(encoding="utf-8").splitlines() if config is not None else []
    except (OSError, UnicodeDecodeError):
        lines = []
    declared = []
    named = [(member, True) for member in settings.float64_functions]
    named += [(member, False) for member in settings.float64_attributes]
    for qualified, returned in named:
        module, colon, name = qualified.partition(":")
        if not colon:
            module, name = qualified.rsplit(".", 1)
        line = next(
            (number for number, text in enumerate(lines, 1) if f'"{qualified}"' in text or f"'{qualified}'" in text), 1
        )
        declared.append(Export(module, name, returned, f"{name}()" if returned else name, "float64", shown, line))
    return declared
