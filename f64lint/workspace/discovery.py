"""Which files to lint: the paths given, walked for `*.py`, `*.pyi` and Jupyter notebooks
(`*.ipynb`), minus excludes and what `.gitignore` files ignore."""

from __future__ import annotations

import operator
import os
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, List, NamedTuple, Optional, Sequence, Tuple, Union

from f64lint.source.notebook import NOTEBOOK_SUFFIX
from f64lint.workspace.globs import matches, matches_absolute
from f64lint.workspace.settings import Settings

if TYPE_CHECKING:
    import pathspec

PYTHON_SUFFIXES = (".py", ".pyi", NOTEBOOK_SUFFIX)


class GitIgnores:
    """The `.gitignore` files in force for a directory: those above it up to the repository
    root, and those met while walking down. Deeper files override shallower ones."""

    def __init__(self, layers: Tuple[Tuple[Path, pathspec.GitIgnoreSpec], ...] = ()) -> None:
        self.layers = layers

    @classmethod
    def above(cls, directory: Path) -> "GitIgnores":
        """Those of the folders above `directory`, up to its repository's root (the walk
        reads the folder's own)."""
        found: List[Tuple[Path, pathspec.GitIgnoreSpec]] = []
        if not (directory / ".git").exists():
            for parent in directory.parents:
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
        return GitIgnores((*self.layers, (directory, spec)))

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


class Found(NamedTuple):
    """A file to lint: its path as given or as the walk reached it, and its absolute path.
    Both are strings: making a Path of every file of a large tree costs more than the
    walk, and a run whose files are all in the cache needs none."""

    name: str
    absolute: str

    @property
    def path(self) -> Path:
        return Path(self.name)


def discover(paths: Sequence[Path], settings: Settings) -> List[Found]:
    """Files to lint, sorted and without duplicates. A named file is kept even if it does
    not exist, so that reading it reports the problem for that path."""
    seen = set()
    found: List[Found] = []
    for given in paths:
        for file in _expand(given, settings):
            if file.absolute not in seen:
                seen.add(file.absolute)
                found.append(file)
    found.sort(key=lambda file: _posix(file.name))
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


def _expand(given: Path, settings: Settings) -> Iterator[Found]:
    """The files a path names."""
    if settings.force_exclude and is_force_excluded(given, settings):
        return
    absolute = os.path.abspath(given)
    if not given.is_dir():
        yield Found(str(given), absolute)
        return
    ignores = GitIgnores.above(Path(absolute)) if settings.respect_gitignore else GitIgnores()
    found: List[Found] = []
    _walk(str(given), absolute, ignores, settings, Path(os.path.realpath(given)), found)
    yield from found


def _leads_outside(path: str, root: Path) -> bool:
    """A symbolic link whose target lies outside the folder being linted (followed only
    when the file is named on the command line)."""
    target = Path(os.path.realpath(path))
    return target != root and root not in target.parents


_NAME = operator.attrgetter("name")  # a directory entry's (sorting by it in C, not a lambda per entry)


def _walk(
    directory: str, absolute: str, ignores: GitIgnores, settings: Settings, root: Path, found: List[Found]
) -> None:
    """Add the files below a folder to `found`; its `.gitignore`, if any, is read here (it
    is among the folder's entries; looking for it in every folder would cost an open
    each). (Added to one list: a generator per folder level cost a resumption per file.)"""
    try:
        entries = sorted(os.scandir(absolute), key=_NAME)
    except OSError:
        return
    if settings.respect_gitignore and any(entry.name == ".gitignore" for entry in entries):
        ignores = ignores.entering(Path(absolute))
    excludes = settings.exclude + settings.extend_exclude
    prefix = _folder_prefix(directory)
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
        name = prefix + entry.name
        if is_dir:
            _walk(name, absolute_path, ignores, settings, root, found)
        elif not (entry.is_symlink() and os.path.exists(absolute_path) and _leads_outside(absolute_path, root)):
            found.append(Found(name, absolute_path))


def _folder_prefix(directory: str) -> str:
    """What goes before the names of a folder's entries: none for `.` (as `Path` joins
    it), no second separator after a root (`/`, `C:\\`)."""
    if directory == ".":
        return ""
    return directory if directory.endswith(os.sep) else directory + os.sep


def display_path(path: Union[Path, str], absolute: Optional[str] = None, here: Optional[str] = None) -> str:
    """Relative to the current directory when below it, as given otherwise. A caller that
    shows many paths passes each one's absolute path and the current directory."""
    name = os.fspath(path)
    if not os.path.isabs(name) and ".." not in name.split(os.sep):
        return _posix(name)
    absolute = absolute if absolute is not None else os.path.abspath(name)
    here = here if here is not None else os.getcwd()
    if absolute == here:
        return "."
    below = here if here.endswith(os.sep) else here + os.sep
    return _posix(absolute[len(below) :]) if absolute.startswith(below) else _posix(name)


def _posix(name: str) -> str:
    return name if os.sep == "/" else name.replace(os.sep, "/")
