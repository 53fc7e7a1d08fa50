"""Matching `exclude` and `per-file-ignores` globs against paths, with gitignore syntax.

As in Ruff, a pattern without a slash (`build`, `test_*.py`) is matched against the name
of the file or directory, and a pattern with one (`src/legacy/*.py`, `tests/**`) against
the path relative to the project root. So the name of a folder above a directory given on
the command line (`.../site-packages/transformers`) never excludes what is inside it.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Optional, Sequence, Tuple

import pathspec


@lru_cache(maxsize=512)
def _compile(patterns: Tuple[str, ...]) -> Tuple[pathspec.GitIgnoreSpec, pathspec.GitIgnoreSpec]:
    by_name = [p for p in patterns if "/" not in p.rstrip("/")]
    by_path = [p for p in patterns if "/" in p.rstrip("/")]
    return (
        pathspec.GitIgnoreSpec.from_lines(by_name),
        pathspec.GitIgnoreSpec.from_lines(by_path),
    )


def relative_to_root(path: Path, root: Path) -> Optional[str]:
    try:
        return Path(os.path.abspath(path)).relative_to(root).as_posix()
    except ValueError:
        return None


def matches(patterns: Sequence[str], path: Path, root: Path, is_dir: bool = False) -> bool:
    if not patterns:
        return False
    by_name, by_path = _compile(tuple(patterns))
    suffix = "/" if is_dir else ""
    name = Path(os.path.abspath(path)).name
    if by_name.match_file(name + suffix):
        return True
    relative = relative_to_root(path, root)
    return relative is not None and by_path.match_file(relative + suffix)
