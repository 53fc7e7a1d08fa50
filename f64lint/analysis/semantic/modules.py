"""Where a file sits among Python's modules: its dotted name, and the package its relative
imports start from. A folder is a package when it holds an `__init__.py`."""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path, PurePath
from typing import Tuple, Union


@dataclass(frozen=True)
class ModulePlace:
    name: str  # `pkg.sub.mod` for pkg/sub/mod.py, `pkg.sub` for pkg/sub/__init__.py
    package: str  # `pkg.sub` for both; empty for a module in no package

    @classmethod
    def of(cls, path: Union[Path, str]) -> "ModulePlace":
        folder, file_name = os.path.split(os.path.abspath(path))
        folders = _packages(folder)
        package = ".".join(folders)
        stem = PurePath(file_name).stem
        if stem == "__init__":
            return cls(package, package)
        return cls(".".join([*folders, stem]), package)


@lru_cache(maxsize=None)
def _packages(folder: str) -> Tuple[str, ...]:
    """The names of the packages a folder (absolute) is in, outermost first (each file of
    a run asks for its folder several times: looked up once, until `forget_packages`)."""
    parent, name = os.path.split(folder)
    if not name or not os.path.isfile(os.path.join(folder, "__init__.py")):
        return ()
    return (*_packages(parent), name)


def forget_packages() -> None:
    """Forget which folders are packages: a process that outlives a run (the editor's
    server) calls it before each, since `__init__.py` files come and go."""
    _packages.cache_clear()


_TEST_FOLDERS = frozenset({"tests", "test"})
_EXAMPLE_FOLDERS = frozenset(
    {
        "examples",
        "example",
        "scripts",
        "script",
        "tools",
        "benchmarks",
        "benchmark",
        "tutorials",
        "tutorial",
        "demos",
        "demo",
    }
)


def is_example_path(path: str) -> bool:
    """A file under a folder of examples, scripts, tools, benchmarks, tutorials or demos."""
    return in_example_folder(path.replace("\\", "/").rpartition("/")[0])


def in_example_folder(folder: str) -> bool:
    """Is a folder (shown with `/`) one of examples, scripts, ..., or below one?"""
    return any(part in _EXAMPLE_FOLDERS for part in folder.split("/"))


def is_test_module(path: str) -> bool:
    """A test: a file under a `tests` or `test` folder, or named `test_*.py`, `*_test.py` or
    `conftest.py` (as pytest collects them; it collects no notebooks)."""
    folder, _, name = path.replace("\\", "/").rpartition("/")
    return is_test_file(name, in_test_folder(folder))


def in_test_folder(folder: str) -> bool:
    """Is a folder (shown with `/`) a `tests` or `test` folder, or below one?"""
    return any(part in _TEST_FOLDERS for part in folder.split("/"))


def is_test_file(name: str, in_tests: bool) -> bool:
    """Is a file of this name a test, in a folder that is (`in_tests`) or is not one of
    tests? For a caller that knows its folders' roles (`is_test_module` for one path)."""
    if name.endswith(".ipynb"):
        return False
    stem = name.rsplit(".", 1)[0]
    return in_tests or stem.startswith("test_") or stem.endswith("_test") or name == "conftest.py"
