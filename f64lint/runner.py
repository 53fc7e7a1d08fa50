"""Lint many files. A file that fails in any way never stops the run."""

from __future__ import annotations

import os
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from functools import partial
from typing import Callable, List, Optional, Sequence, Union

from f64lint.config import Settings
from f64lint.diagnostic import Diagnostic
from f64lint.files import discover, is_force_excluded
from f64lint.linter import lint_text, unreadable
from f64lint.source import Source, Unreadable, decode, read_source


@dataclass(frozen=True)
class InternalError:
    """A bug in f64lint met while linting one file."""

    path: str
    message: str
    traceback: str


@dataclass
class RunResult:
    diagnostics: List[Diagnostic] = field(default_factory=list)
    files_checked: int = 0
    internal_errors: List[InternalError] = field(default_factory=list)


def display_path(path: Path) -> str:
    """Relative to the current directory when below it, as given otherwise."""
    absolute = os.path.abspath(path)
    relative = os.path.relpath(absolute)
    return path.as_posix() if relative.startswith("..") else Path(relative).as_posix()


def _lint_one(
    result: RunResult,
    shown: str,
    path: Optional[Path],
    load: Callable[[], Union[Source, Unreadable]],
    settings: Settings,
) -> None:
    try:
        enabled = settings.enabled_codes(path)
        source = load()
        if isinstance(source, Unreadable):
            found = unreadable(shown, source.reason, enabled, settings.severity_of)
        else:
            found = lint_text(shown, source.text, enabled, settings.severity_of)
        result.diagnostics.extend(found)
    except Exception as error:  # a bug of ours must not hide the other files' results
        result.internal_errors.append(
            InternalError(shown, f"{type(error).__name__}: {error}", traceback.format_exc())
        )
    result.files_checked += 1


def run(paths: Sequence[Path], settings: Settings) -> RunResult:
    result = RunResult()
    for path in discover(paths, settings):
        _lint_one(result, display_path(path), path, partial(read_source, path), settings)
    result.diagnostics.sort(key=Diagnostic.sort_key)
    return result


def run_stdin(data: bytes, filename: Optional[Path], settings: Settings) -> RunResult:
    """Lint source read from standard input; `filename` names it for per-file-ignores and output."""
    result = RunResult()
    if filename is not None and settings.force_exclude and is_force_excluded(filename, settings):
        return result
    shown = display_path(filename) if filename is not None else "-"
    _lint_one(result, shown, filename, partial(decode, data), settings)
    result.diagnostics.sort(key=Diagnostic.sort_key)
    return result
