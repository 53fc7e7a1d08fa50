"""Where a file sits among Python's modules: its dotted name, and the package its relative
imports start from. A folder is a package when it holds an `__init__.py`."""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Tuple


@dataclass(frozen=True)
class ModulePlace:
    name: str  # `pkg.sub.mod` for pkg/sub/mod.py, `pkg.sub` for pkg/sub/__init__.py
    package: str  # `pkg.sub` for both; empty for a module in no package

    @classmethod
    def of(cls, path: Path) -> "ModulePlace":
        absolute = Path(os.path.abspath(path))
        folders = _packages(absolute.parent)
        package = ".".join(folders)
        if absolute.stem == "__init__":
            return cls(package, package)
        return cls(".".join([*folders, absolute.stem]), package)


@lru_cache(maxsize=1024)
def _packages(folder: Path) -> Tuple[str, ...]:
    """The names of the packages a folder is in, outermost first (each file of a run asks
    for its folder several times: looked up once)."""
    if folder.parent == folder or not (folder / "__init__.py").is_file():
        return ()
    return (*_packages(folder.parent), folder.name)


def forget_packages() -> None:
    """Forget which folders are packages: a process that outlives a run (the editor's
    server) calls it before each, since `__init__.py` files come and go."""
    _packages.cache_clear()


_TEST_FOLDERS = frozenset({"tests", "test"})
_EXAMPLE_FOLDERS = frozenset(
    {"examples", "example", "scripts", "script", "tools", "benchmarks", "benchmark", "tutorials", "tutorial", "demos", "demo"}
)


def is_example_path(path: str) -> bool:
    """A file under a folder of examples, scripts, tools, benchmarks, tutorials or demos."""
    return any(part in _EXAMPLE_FOLDERS for part in path.replace("\\", "/").split("/")[:-1])


def is_test_module(path: str) -> bool:
    """A test: a file under a `tests` or `test` folder, or named `test_*.py`, `*_test.py` or
    `conftest.py` (as pytest collects them; it collects no notebooks)."""
    parts = path.replace("\\", "/").split("/")
    name = parts[-1]
    if name.endswith(".ipynb"):
        return False
    stem = name.rsplit(".", 1)[0]
    return (
        any(part in _TEST_FOLDERS for part in parts[:-1])
        or stem.startswith("test_")
        or stem.endswith("_test")
        or name == "conftest.py"
    )
