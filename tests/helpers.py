"""Shared helpers for tests: lint a snippet with chosen rules."""

from __future__ import annotations

import textwrap
from contextlib import contextmanager
from typing import Iterable, Iterator, List, Tuple
from unittest import mock

from f64lint.workspace.settings import Settings
from f64lint.diagnostic import Diagnostic
from f64lint.linter import lint as linter
from f64lint.linter.lint import lint_source
from f64lint.linter.narrowing import Narrowed


def lint(source: str, codes: Iterable[str]) -> List[Diagnostic]:
    """Diagnostics for a dedented snippet with only `codes` enabled, sorted."""
    settings = Settings()
    text = textwrap.dedent(source).lstrip("\n")
    found = lint_source("snippet.py", text, frozenset(codes), settings.severity_of).diagnostics
    return sorted(found, key=Diagnostic.sort_key)


@contextmanager
def whole_modules() -> Iterator[None]:
    """Lint with narrowing off: every file that passes the prefilter is parsed whole."""
    def whole(source, imported=frozenset(), definitions=True, standalone=False, batches=False):
        return Narrowed(source, source)

    with mock.patch.object(linter, "narrowed", whole):
        yield


@contextmanager
def narrowing_every_module() -> Iterator[None]:
    """Lint with narrowing on for short modules too (they are read whole): what a test of
    narrowing compares with the whole module."""
    with mock.patch.object(linter, "READ_WHOLE_BELOW", 0):
        yield


def positions(source: str, code: str) -> List[Tuple[int, int]]:
    return [(d.start.line, d.start.column) for d in lint(source, [code]) if d.code == code]


def cli_runner():
    """A CliRunner that keeps stderr apart, on click 8.1 (Python 3.9) and on 8.2+."""
    from click.testing import CliRunner

    try:
        return CliRunner(mix_stderr=False)
    except TypeError:  # click >= 8.2 always keeps it apart
        return CliRunner()


def same(source: str) -> str:
    """A dedented snippet, as `fix` returns the fixed one."""
    return textwrap.dedent(source).lstrip("\n")


def fix(
    source: str, codes: Iterable[str], unsafe: bool = True, settings: Settings = Settings(), path: str = "snippet.py"
) -> str:
    """A dedented snippet (linted as the file `path`) after the fix loop, with only `codes`
    enabled."""
    from f64lint.diagnostic import Applicability
    from f64lint.fix.fixer import fix_source

    text = textwrap.dedent(source).lstrip("\n")
    enabled = frozenset(codes)

    def run_lint(current: str) -> List[Diagnostic]:
        return lint_source(path, current, enabled, settings.severity_of, settings.fix_options(), settings.devices()).diagnostics

    def wanted(d: Diagnostic) -> bool:
        return d.fix is not None and (unsafe or d.fix.applicability is Applicability.SAFE)

    return fix_source(text, run_lint(text), run_lint, wanted, settings.line_length).text


def require(module_name: str):
    """Import a module the test needs, skipping without it, except in CI
    (`F64LINT_REQUIRE_TORCH=1`, set by .ci/run) where its absence is a failure."""
    import importlib
    import os

    import pytest

    if os.environ.get("F64LINT_REQUIRE_TORCH"):
        return importlib.import_module(module_name)
    return pytest.importorskip(module_name)


def load_module(path):
    """Execute a fixture file (a `.py` or its `.fixed` twin) as a module of its own."""
    import types

    module = types.ModuleType(path.stem)
    module.__file__ = str(path)
    exec(compile(path.read_text(), str(path), "exec"), module.__dict__)
    return module
