"""Where a file sits among Python's modules: its dotted name, and the package its relative
imports start from. A folder is a package when it holds an `__init__.py`."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class ModulePlace:
    name: str  # `pkg.sub.mod` for pkg/sub/mod.py, `pkg.sub` for pkg/sub/__init__.py
    package: str  # `pkg.sub` for both; empty for a module in no package

    @classmethod
    def of(cls, path: Path) -> "ModulePlace":
        absolute = Path(os.path.abspath(path))
        folders = []
        folder = absolute.parent
        while (folder / "__init__.py").is_file() and folder.parent != folder:
            folders.insert(0, folder.name)
            folder = folder.parent
        package = ".".join(folders)
        if absolute.stem == "__init__":
            return cls(package, package)
        return cls(".".join([*folders, absolute.stem]), package)
