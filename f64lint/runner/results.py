"""What linting files gives: each file's result, and the run's."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from f64lint.analysis.project.exports import Export
from f64lint.diagnostic import Diagnostic
from f64lint.fix.apply import split_lines
from f64lint.runner.cache import Dependency
from f64lint.source.notebook import is_notebook


@dataclass(frozen=True)
class InternalError:
    """A bug in f64lint met while linting one file."""

    path: str
    message: str
    traceback: str


@dataclass(frozen=True)
class Unwritten:
    """A file --fix changed, to be written once the whole run has succeeded: the bytes it
    was read as (it is not overwritten when it no longer has them), its fixed bytes, and
    its findings before the fixes (reported if it is not written)."""

    read: bytes
    fixed: bytes
    found: Tuple[Diagnostic, ...]


@dataclass(frozen=True)
class FixMode:
    """`--fix` (write the fixed files once every file is linted and fixed), `--diff` (only
    show how they would change), or fixing stdin (hand the fixed source back)."""

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
    fix_error: Optional[str] = None  # why the fix could not be encoded
    unwritten: Optional[Unwritten] = None  # with --fix: the fixed file, to write at the run's end
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
    threaded: Dict[str, Tuple[str, ...]] = field(default_factory=dict)  # path -> functions given a `dtype`
    passed_on: List[str] = field(default_factory=list)  # files whose calls now pass a dtype on
    fix_errors: List[str] = field(default_factory=list)
    fixed_source: Optional[bytes] = None  # for stdin: the source with fixes applied
    unwritten: Dict[str, Unwritten] = field(default_factory=dict)  # with --fix, by path

    def diffs(self) -> List[str]:
        """With --diff: the unified diff of each file --fix would change, by path (of each
        changed cell, for a notebook)."""
        from f64lint.source.notebook import cell_diffs

        return [
            cell_diffs(path, before, after) if is_notebook(path)
            else "".join(difflib.unified_diff(split_lines(before), split_lines(after), path, path))
            for path, (before, after) in sorted(self.texts.items())
        ]

    def unfixed(self, path: str) -> None:
        """`path` is not written after all: its findings are those from before the fixes."""
        unwritten = self.unwritten.pop(path)
        self.diagnostics = [d for d in self.diagnostics if d.path != path] + list(unwritten.found)
        self.fixed = [d for d in self.fixed if d.path != path]
        self.threaded.pop(path, None)

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
        if result.threaded:
            self.threaded[result.path] = result.threaded
        if result.unwritten is not None:
            self.unwritten[result.path] = result.unwritten
        if result.fix_error is not None:
            self.fix_errors.append(result.fix_error)
        self.fixed_source = result.fixed_source
