"""What a file's import statements name, read with Python's own parser (only the imports
are looked at): the modules it imports, and for a package's `__init__`, the names it
re-exports from its modules. The project phase reads them to find the package's modules a
run's files import though the run does not hold them (runner/outside_modules.py)."""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, List, Optional, Tuple, Union

from f64lint.analysis.semantic.modules import ModulePlace
from f64lint.source.decoding import Unreadable, read_bytes
from f64lint.source.notebook import is_notebook, read_notebook


@dataclass(frozen=True)
class ImportStatements:
    # What the file imports, by qualified name: `import pkg.utils` and `from pkg import utils`
    # give `pkg.utils` (a module, or a name `pkg` binds); `from pkg import *` gives `pkg`.
    names: Tuple[str, ...]
    # Names the module binds at its top level to what it imports from another module
    # (`from .utils import table as grid`: ("grid", "pkg.utils.table")); ("*", "pkg.base")
    # for `from .base import *`, which binds each public name of that module.
    reexports: Tuple[Tuple[str, str], ...]


def read_imports(path: Path) -> ImportStatements:
    """The import statements of a file on disk; none when it cannot be read or parsed."""
    data = read_bytes(path)
    return ImportStatements((), ()) if isinstance(data, Unreadable) else imports_of(path, data)


def imports_of(path: Path, data: bytes) -> ImportStatements:
    """The import statements of a file's bytes (a notebook's code cells, with the IPython
    lines masked); none when they cannot be parsed."""
    if is_notebook(path):
        notebook = read_notebook(data)
        return ImportStatements((), ()) if isinstance(notebook, Unreadable) else imports_in(path, notebook.text)
    return imports_in(path, data)


def imports_in(path: Path, source: Union[str, bytes]) -> ImportStatements:
    """The import statements of a file's text, wherever they are (a function's own import
    runs too); relative ones are read from the package the file is in."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):  # ValueError: a null byte
        return ImportStatements((), ())
    package = ModulePlace.of(path).package
    names: List[str] = []
    reexports: List[Tuple[str, str]] = []
    top_level = {id(statement) for statement in tree.body}
    for node in _statements(tree.body):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = _from(node, package)
            if module is None:
                continue
            for alias in node.names:
                if alias.name == "*":
                    names.append(module)
                    if id(node) in top_level:
                        reexports.append(("*", module))
                    continue
                names.append(f"{module}.{alias.name}")
                if id(node) in top_level:
                    reexports.append((alias.asname or alias.name, f"{module}.{alias.name}"))
    return ImportStatements(tuple(dict.fromkeys(names)), tuple(reexports))


def _statements(body: List[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of a block and of the blocks within them (functions, classes,
    branches, loops, `with`, `try`, `match`), not the expressions: imports are statements."""
    for statement in body:
        yield statement
        for field in ("body", "orelse", "finalbody"):
            inner = getattr(statement, field, None)
            if isinstance(inner, list):
                yield from _statements(inner)
        for block in (*getattr(statement, "handlers", ()), *getattr(statement, "cases", ())):
            yield from _statements(block.body)


def _from(node: ast.ImportFrom, package: str) -> Optional[str]:
    """The module a `from ... import` reads: `pkg.utils` for `from .utils import x` in
    package `pkg`; None when relative dots climb above the package (or it has none)."""
    if not node.level:
        return node.module
    parts = package.split(".") if package else []
    climb = node.level - 1
    if climb >= len(parts):
        return None
    base = parts[: len(parts) - climb]
    return ".".join([*base, node.module] if node.module else base)


def search_root(path: Path) -> Path:
    """The folder the file's absolute imports start from: the one that holds its outermost
    package, or its own folder when it is in none (Python runs a script with its folder
    first on the path)."""
    place = ModulePlace.of(path)
    folder = Path(os.path.abspath(path)).parent
    for _ in place.package.split(".") if place.package else ():
        folder = folder.parent
    return folder


def module_file(name: str, root: Path) -> Optional[Path]:
    """The file under `root` that is the module `name` (`pkg/utils.py`, or the package's
    `pkg/utils/__init__.py`), when there is one and Python would name it so (its folders
    are packages)."""
    parts = name.split(".")
    found = None
    for candidate in (root.joinpath(*parts[:-1], parts[-1] + ".py"), root.joinpath(*parts, "__init__.py")):
        if candidate.is_file():
            found = candidate
            break
    if found is None or ModulePlace.of(found).name != name:
        return None
    return found
