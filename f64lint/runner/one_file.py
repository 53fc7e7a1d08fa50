"""Lint one file: from the content cache when it holds the result, else with the
analysis; fix it when asked. What a worker process runs; the runner loads it only once a
file must be read, so that a run whose files all come from the stamp index loads no
analysis."""

from __future__ import annotations

import traceback
from dataclasses import replace
from pathlib import Path
from typing import Callable, FrozenSet, List, Optional, Sequence, Tuple, Union

from f64lint.analysis.project.exports import Imported, placed
from f64lint.analysis.semantic.facts import Suite
from f64lint.analysis.semantic.modules import ModulePlace, is_example_path, is_test_module
from f64lint.diagnostic import Applicability, Diagnostic
from f64lint.fix.fixer import fix_source
from f64lint.linter.lint import Linted, lint_source, unreadable
from f64lint.linter.prefilter import rules_that_may_fire
from f64lint.rules import ALL_RULES
from f64lint.rules.file_problems import UnparsableFile, UnreadableFile
from f64lint.runner.cache import Cache, Dependency, cache_key, exports_digest, settings_key
from f64lint.runner.results import FileResult, FixMode, InternalError, Unwritten
from f64lint.runner.suite_context import suite_of
from f64lint.source.decoding import Source, Unreadable, decode, read_bytes
from f64lint.source.notebook import Notebook, in_cells, is_notebook, read_notebook
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
        imported, suite, settings.observed_in(path),
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
    shown: str, path: Optional[Path], data: bytes, linted: Linted, settings: Settings, mode: FixMode,
    imported: Imported,
) -> FileResult:
    """Fix a file that has findings with wanted fixes: its fixed text to show, to hand back,
    or to write once the run is done. A file fixed (written or handed back) exports what
    its fixed text does: the modules that import it are linted with that."""
    source = _read(shown, data)
    assert not isinstance(source, Unreadable)  # it had findings with fixes
    enabled = settings.enabled_codes(path)
    place = _place(path)
    suite = _suite(path, data, settings)[0]
    found = linted.diagnostics

    def lint_text(text: str, summarised: bool = False) -> Linted:
        return lint_source(
            shown, text, enabled, settings.severity_of, settings.fix_options(), settings.devices(), place, imported,
            suite, settings.observed_in(path), summarised,
        )

    outcome = fix_source(source.text, found, lambda text: lint_text(text).diagnostics, wanted_fixes(settings),
                         settings.line_length)
    dropped = tuple(outcome.dropped)
    if outcome.text == source.text:
        return FileResult(shown, tuple(outcome.remaining), dropped=dropped, exports=linted.exports)
    threaded = tuple(
        f"{ModulePlace.of(path).name}.{d.fix.threads}"
        for d in outcome.fixed
        if path is not None and d.fix and d.fix.threads
    )
    new = _encoded(source, outcome.text)
    if isinstance(new, Unreadable):
        return FileResult(shown, tuple(found), fix_error=f"{shown}: {new.reason}", exports=linted.exports)
    if not mode.write and not mode.to_stdout:
        return FileResult(
            shown,
            tuple(found),
            fixed=tuple(outcome.fixed),
            dropped=dropped,
            texts=_shown_texts(source, outcome.text),
            threaded=threaded,
            exports=linted.exports,
        )
    exports = lint_text(outcome.text, summarised=True).exports
    if mode.to_stdout:
        return FileResult(
            shown, tuple(outcome.remaining), fixed=tuple(outcome.fixed), dropped=dropped, fixed_source=new,
            exports=exports,
        )
    return FileResult(
        shown, tuple(outcome.remaining), fixed=tuple(outcome.fixed), dropped=dropped, threaded=threaded,
        unwritten=Unwritten(data, new, tuple(found)), exports=exports,
    )


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
        fixed = _fix(shown, path, data, linted, settings, mode, imported)
        if is_notebook(shown):  # what was fixed, placed in the cells it was in
            fixed = replace(fixed, fixed=tuple(in_cells(fixed.fixed, lambda _: data)))
        return replace(fixed, depends=depends)
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
