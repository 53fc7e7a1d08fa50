"""Lint and fix the text an editor holds (not the file on disk), with the configuration of
the file's project: what the language server (server/protocol.py) asks of the analysis. A
notebook the editor holds as cells is linted as the notebook those cells make."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

from f64lint.analysis.semantic.modules import forget_packages
from f64lint.diagnostic import Diagnostic
from f64lint.runner.cache import CACHE_DIR_NAME, Cache
from f64lint.runner.results import FixMode, RunResult
from f64lint.runner.run import run_stdin
from f64lint.workspace.discovery import is_force_excluded
from f64lint.workspace.settings import ConfigError, Overrides, Settings, load_settings

# A notebook's cells as the editor holds them: (is code, text), in order.
Cells = Sequence[Tuple[bool, str]]


def settings_for(path: Path) -> Settings:
    """The configuration of the project the file is in; the defaults when it is broken
    (the editor shows no configuration errors: the command line does)."""
    folder = Path(os.path.abspath(path)).parent
    return _settings(folder, _config_stamp(folder))


def _config_stamp(folder: Path) -> Tuple[Tuple[str, float], ...]:
    """The `pyproject.toml` files above a folder, with their times: a change reloads."""
    stamps = []
    for parent in (folder, *folder.parents):
        candidate = parent / "pyproject.toml"
        try:
            stamps.append((str(candidate), candidate.stat().st_mtime))
        except OSError:
            continue
    return tuple(stamps)


@lru_cache(maxsize=32)
def _settings(folder: Path, stamp: Tuple[Tuple[str, float], ...]) -> Settings:
    try:
        return load_settings([folder / "_"], None, False, Overrides())
    except ConfigError:
        return Settings(root=folder)


def excluded(path: Path, settings: Settings) -> bool:
    """Does the project's configuration exclude the file (`exclude`, `extend-exclude`)?"""
    return is_force_excluded(path, settings)


def _cache(settings: Settings) -> Cache:
    """The project's cache, which the modules a document imports are read through."""
    return Cache(settings.root / CACHE_DIR_NAME)


def check(path: Path, text: str, settings: Settings) -> List[Diagnostic]:
    """The findings in a document's text (placed in cells for a notebook), with what the
    modules it imports export."""
    forget_packages()
    data = text.encode("utf-8")
    return run_stdin(data, path, settings, cache=_cache(settings), shown_from=str(settings.root)).diagnostics


def fixed(path: Path, text: str, settings: Settings, unsafe: bool) -> Optional[str]:
    """The document's text with every fix applied (safe ones only unless `unsafe`); None
    when nothing changes."""
    forget_packages()
    chosen = replace(settings, unsafe_fixes=unsafe)
    fixing = FixMode(write=False, to_stdout=True)
    result: RunResult = run_stdin(text.encode("utf-8"), path, chosen, fixing, _cache(settings), str(settings.root))
    if result.fixed_source is None:
        return None
    new = result.fixed_source.decode("utf-8")
    return new if new != text else None


def notebook_text(cells: Cells) -> str:
    """The notebook (nbformat 4, as Jupyter writes it) that an editor's cells make."""
    document = {
        "cells": [
            {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": text}
            if is_code else {"cell_type": "markdown", "metadata": {}, "source": text}
            for is_code, text in cells
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 4,
    }
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


def cell_sources(notebook: str) -> List[str]:
    """The cells' sources of a notebook made by `notebook_text` (after a fix)."""
    return ["".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            for cell in json.loads(notebook)["cells"]]
