"""Matching `exclude` and `per-file-ignores` globs against paths, with gitignore syntax.

As in Ruff, a pattern without a slash (`build`, `test_*.py`) is matched against the name
of the file or directory, and a pattern with one (`src/legacy/*.py`, `tests/**`) against
the path relative to the project root. So the name of a folder above a directory given on
the command line (`.../site-packages/transformers`) never excludes what is inside it.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, FrozenSet, List, Optional, Sequence, Tuple, Union

if TYPE_CHECKING:
    import pathspec


_PLAIN_NAME = re.compile(r"[\w.\-]+/?")


@dataclass(frozen=True)
class _Globs:
    """Plain names (`build`, `.venv`, `dist/`) are looked up in a set, which is what nearly
    every exclude is and what a walk asks thousands of times; the rest goes to pathspec.
    With a negated pattern (`!keep`) order matters, so then everything goes to pathspec."""

    names: FrozenSet[str]  # files or directories
    directory_names: FrozenSet[str]
    by_name: Optional["pathspec.GitIgnoreSpec"]
    by_path: Optional["pathspec.GitIgnoreSpec"]

    def match_name(self, name: str, is_dir: bool) -> bool:
        if name in self.names or (is_dir and name in self.directory_names):
            return True
        return self.by_name is not None and self.by_name.match_file(name + ("/" if is_dir else ""))


def _spec(patterns: List[str]) -> Optional["pathspec.GitIgnoreSpec"]:
    """None when there is nothing for pathspec: importing it (and the asyncio it imports)
    takes 25 ms, a twentieth of a pre-commit run, which names its files and has plain
    excludes only."""
    if not patterns:
        return None
    import pathspec

    return pathspec.GitIgnoreSpec.from_lines(patterns)


@lru_cache(maxsize=512)
def _compile(patterns: Tuple[str, ...]) -> _Globs:
    by_name = [p for p in patterns if "/" not in p.rstrip("/")]
    by_path = [p for p in patterns if "/" in p.rstrip("/")]
    plain = [] if any(p.startswith("!") for p in patterns) else [p for p in by_name if _PLAIN_NAME.fullmatch(p)]
    return _Globs(
        frozenset(p for p in plain if not p.endswith("/")),
        frozenset(p.rstrip("/") for p in plain if p.endswith("/")),
        _spec([p for p in by_name if p not in plain]),
        _spec(by_path),
    )


def _below(absolute: str, root: Path) -> Optional[str]:
    """The path below `root`, with forward slashes; None when it is not below it."""
    base = str(root)
    if absolute == base:
        return "."
    prefix = base if base.endswith(os.sep) else base + os.sep
    if not absolute.startswith(prefix):
        return None
    return absolute[len(prefix):].replace(os.sep, "/")


def matches(patterns: Sequence[str], path: Union[Path, str], root: Path, is_dir: bool = False) -> bool:
    return matches_absolute(patterns, os.path.abspath(path), root, is_dir)


def matches_absolute(patterns: Sequence[str], absolute: str, root: Path, is_dir: bool = False) -> bool:
    """`matches` for a path already absolute and normalised (a walk's)."""
    if not patterns:
        return False
    globs = _compile(tuple(patterns))
    if globs.match_name(os.path.basename(absolute), is_dir):
        return True
    if globs.by_path is None:
        return False
    relative = _below(absolute, root)
    return relative is not None and globs.by_path.match_file(relative + ("/" if is_dir else ""))
