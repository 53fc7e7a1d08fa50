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
        from f64lint.source.notebook import cell_diffs

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
