"""After a fix gave functions a `dtype` parameter: the calls in the run's other files pass
theirs on."""

from __future__ import annotations

from pathlib import Path
from typing import FrozenSet, Sequence

from f64lint.fix.callers import pass_dtype_on
from f64lint.runner.results import FixMode, RunResult
from f64lint.source.decoding import Unreadable, decode, read_bytes
from f64lint.source.notebook import is_notebook
from f64lint.source.writing import write_atomically
from f64lint.workspace.discovery import display_path


def pass_dtype_across(files: Sequence[Path], threaded: FrozenSet[str], mode: FixMode, result: RunResult) -> None:
    """Calls in the run's files to functions that got a `dtype` parameter pass theirs on."""
    # A caller names the function and imports its module (`from .embeddings import sincos`).
    needles = [tuple(part.encode() for part in name.split(".")[-2:]) for name in threaded]
    for path in files:
        if is_notebook(path):
            continue  # its cells make a module of no package: nothing imports from it
        shown = display_path(path)
        data = read_bytes(path)
        if isinstance(data, Unreadable) or not any(all(part in data for part in parts) for parts in needles):
            continue
        source = decode(data)
        if isinstance(source, Unreadable):
            continue
        before, text = result.texts.get(shown, (source.text, source.text))
        new = pass_dtype_on(text, path, threaded)
        if new is None:
            continue
        if not mode.write:
            result.texts[shown] = (before, new)
        else:
            try:
                problem = write_atomically(path, data, new.encode(source.encoding))
            except UnicodeEncodeError as error:
                problem = f"cannot encode the fix as {source.encoding}: {error.reason}"
            if problem is not None:
                result.fix_errors.append(f"{shown}: {problem}")
                continue
        result.passed_on.append(shown)
