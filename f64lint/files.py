"""Which files to lint: the paths given, walked for `*.py`, `*.pyi` and Jupyter notebooks
(`*.ipynb`), minus excludes and what `.gitignore` files ignore."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, List, Optional, Sequence, Tuple

from f64lint.config import Settings
from f64lint.globs import matches, matches_absolute

if TYPE_CHECKING:
    import pathspec

NOTEBOOK_SUFFIX = ".ipynb"
PYTHON_SUFFIXES = (".py", ".pyi", NOTEBOOK_SUFFIX)


def is_notebook(path: object) -> bool:
    return str(path).endswith(NOTEBOOK_SUFFIX)


class GitIgnores:
    """The `.gitignore` files in force for a directory: those above it up to the repository
    root, and those met while walking down. Deeper files override shallower ones."""

    def __init__(self, layers: Tuple[Tuple[Path, pathspec.GitIgnoreSpec], ...] = ()) -> None:
        self.layers = layers

    @classmethod
    def above(cls, directory: Path) -> "GitIgnores":
        found: List[Tuple[Path, pathspec.GitIgnoreSpec]] = []
        for parent in (directory, *directory.parents):
            spec = _read_gitignore(parent)
            if spec is not None:
                found.append((parent, spec))
            if (parent / ".git").exists():
                break
        return cls(tuple(reversed(found)))

    def entering(self, directory: Path) -> "GitIgnores":
        spec = _read_gitignore(directory)
        if spec is None:
            return self
        return GitIgnores(self.layers + ((directory, spec),))

    def ignores(self, path: Path, is_dir: bool) -> bool:
        decision = False
        for base, spec in self.layers:
            try:
                relative = path.relative_to(base).as_posix()
            except ValueError:
                continue
            result = spec.check_file(relative + ("/" if is_dir else ""))
            if result.include is not None:
                decision = result.include
        return decision


def _read_gitignore(directory: Path) -> Optional["pathspec.GitIgnoreSpec"]:
    try:
        with open(directory / ".gitignore", encoding="utf-8", errors="replace") as handle:
            lines = handle.read().splitlines()
    except OSError:
        return None
    import pathspec  # only once a walk meets a .gitignore (see globs._spec)

    return pathspec.GitIgnoreSpec.from_lines(lines)


def discover(paths: Sequence[Path], settings: Settings) -> List[Path]:
    """Files to lint, sorted and without duplicates. A named file is kept even if it does
    not exist, so that reading it reports the problem for that path."""
    seen = set()
    found: List[Path] = []
    for given in paths:
        for path, absolute in _expand(given, settings):
            if absolute not in seen:
                seen.add(absolute)
                found.append(path)
    found.sort(key=lambda path: path.as_posix())
    return found


def _excluded(path: Path, is_dir: bool, settings: Settings) -> bool:
    return matches(settings.exclude + settings.extend_exclude, path, settings.root, is_dir)


def is_force_excluded(path: Path, settings: Settings) -> bool:
    """For `--force-exclude`: is the path, or a folder it is in (up to the root), excluded?"""
    absolute = Path(os.path.abspath(path))
    if _excluded(absolute, absolute.is_dir(), settings):
        return True
    for parent in absolute.parents:
        if parent == settings.root or settings.root not in parent.parents:
            break
        if _excluded(parent, True, settings):
            return True
    return False


def _expand(given: Path, settings: Settings) -> Iterator[Tuple[Path, str]]:
    """The files a path names, each with its absolute path."""
    if settings.force_exclude and is_force_excluded(given, settings):
        return
    absolute = os.path.abspath(given)
    if not given.is_dir():
        yield given, absolute
        return
    ignores = GitIgnores.above(Path(absolute)) if settings.respect_gitignore else GitIgnores()
    yield from _walk(given, absolute, ignores, settings, Path(os.path.realpath(given)))


def _leads_outside(path: Path, root: Path) -> bool:
    """A symbolic link whose target lies outside the folder being linted (followed only
    when the file is named on the command line)."""
    target = Path(os.path.realpath(path))
    return target != root and root not in target.parents


def _walk(
    directory: Path, absolute: str, ignores: GitIgnores, settings: Settings, root: Path
) -> Iterator[Tuple[Path, str]]:
    """The files below a folder, each with its absolute path (kept as a string: making it
    a Path for every file would cost more than the rest of the walk)."""
    try:
        entries = sorted(os.scandir(directory), key=lambda entry: entry.name)
    except OSError:
        return
    excludes = settings.exclude + settings.extend_exclude
    for entry in entries:
        try:
            is_dir = entry.is_dir(follow_symlinks=False)
        except OSError:
            is_dir = False
        if not is_dir and not entry.name.endswith(PYTHON_SUFFIXES):
            continue
        absolute_path = os.path.join(absolute, entry.name)
        if matches_absolute(excludes, absolute_path, settings.root, is_dir):
            continue
        if ignores.layers and ignores.ignores(Path(absolute_path), is_dir):
            continue
        path = directory / entry.name
        if is_dir:
            inner = ignores.entering(Path(absolute_path)) if settings.respect_gitignore else ignores
            yield from _walk(path, absolute_path, inner, settings, root)
        elif not (entry.is_symlink() and os.path.exists(path) and _leads_outside(path, root)):
            yield path, absolute_path


def display_path(path: Path, absolute: Optional[str] = None, here: Optional[str] = None) -> str:
    """Relative to the current directory when below it, as given otherwise. A caller that
    shows many paths passes each one's absolute path and the current directory."""
    if not path.is_absolute() and ".." not in path.parts:
        return path.as_posix()
    absolute = absolute if absolute is not None else os.path.abspath(path)
    here = here if here is not None else os.getcwd()
    if absolute == here:
        return "."
    below = here if here.endswith(os.sep) else here + os.sep
    return absolute[len(below) :].replace(os.sep, "/") if absolute.startswith(below) else path.as_posix()
