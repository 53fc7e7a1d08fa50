"""The package around a run's files: the modules they import that the run does not hold
(linting `model.py` alone reads what `utils.py` exports, as linting the folder does), and
the names a package's `__init__` re-exports from its modules (`from pkg import table`
reads what `pkg/utils.py` exports when `pkg/__init__.py` says `from .utils import table`)."""

from __future__ import annotations

import os
import re
from dataclasses import replace
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Set, Tuple

from f64lint.analysis.project.exports import CLASS_ROWS, READS, Export
from f64lint.analysis.project.hierarchy import MOST_GENERATIONS, inherited
from f64lint.analysis.semantic.modules import ModulePlace
from f64lint.runner.import_statements import imports_of, module_file, read_imports, search_root
from f64lint.workspace.discovery import Found, is_force_excluded
from f64lint.workspace.settings import Settings


def outside_modules(files: Sequence[Found], targets: Sequence[Path], settings: Settings) -> List[Found]:
    """The modules of their packages the run's files import and the run does not hold
    (nor the configuration excludes). Only files whose package (or, in none, whose
    folder) a folder of the run does not cover are read: a run of `.` reads no imports
    here."""
    folders = [os.path.join(os.path.abspath(target), "") for target in targets if os.path.isdir(target)]
    covered: Dict[str, bool] = {}  # by the folder a file is in
    wanted: List[Tuple[str, Path]] = []
    for file in files:
        folder = os.path.dirname(file.absolute)
        if covered.get(folder) is None:
            scope = os.path.join(_scope(folder, search_root(Path(file.absolute))), "")
            covered[folder] = any(scope.startswith(start) for start in folders)
        if not covered[folder]:
            path = Path(file.name)
            wanted.extend((name, search_root(path)) for name in read_imports(path).names)
    return _modules({file.absolute for file in files}, wanted, settings)


def modules_imported(path: Path, data: bytes, settings: Settings) -> List[Found]:
    """The modules of its package a file's text imports (an editor's, or standard input's,
    not what is on disk)."""
    root = search_root(path)
    return _modules({os.path.abspath(path)}, [(name, root) for name in imports_of(path, data).names], settings)


# How far imports are followed from a run's files: the modules they import, and those
# these import in turn (a float64 array `utils` makes, kept as a buffer by a class of
# `model`, moved by `train`: linting `train.py` alone reads both).
IMPORTS_FOLLOWED = 2


def _modules(held: Set[str], wanted: List[Tuple[str, Path]], settings: Settings) -> List[Found]:
    """The files of the modules named (each with the folder its imports start from), and
    of those they import in turn (`IMPORTS_FOLLOWED`), but those `held` and those the
    configuration excludes. A name imported from a package's `__init__` that re-exports it
    leads on to the module it comes from."""
    found: Dict[str, Found] = {}
    looked: Set[Tuple[str, Path]] = set()
    levels = [(name, root, 1) for name, root in wanted]
    while levels:
        name, root, level = levels.pop()
        if (name, root) in looked:
            continue
        looked.add((name, root))
        file, rest = _module_of(name, root)
        if file is None or "." in rest:  # `pkg.missing.name`: not a module nor a name of one
            continue
        absolute = os.path.abspath(file)
        if absolute not in held and absolute not in found and not is_force_excluded(file, settings):
            found[absolute] = Found(str(file), absolute)
            if level < IMPORTS_FOLLOWED and file.name != "__init__.py":
                levels.extend((imported, search_root(file), level + 1) for imported in read_imports(file).names)
        if rest and file.name == "__init__.py":  # a name the package binds: where it comes from
            levels.extend((source, root, level) for source in _sources(read_imports(file).reexports, rest, root))
    return sorted(found.values(), key=lambda found_file: found_file.absolute)


def _sources(reexports: Sequence[Tuple[str, str]], name: str, root: Path) -> List[str]:
    """What a name an `__init__` binds comes from: the import that binds it, else those of
    the modules it imports all public names of (`from .base import *`) whose text names it."""
    found = [source for bound, source in reexports if bound == name]
    if found or name.startswith("_"):
        return found
    for bound, source in reexports:
        file = module_file(source, root) if bound == "*" else None
        if file is not None and _names_any(file, {name}):
            found.append(f"{source}.{name}")
    return found


# A class statement's name and bases (`class UnitGrid(CartesianGrid):`), read from a module's text.
_CLASS_HEADER = re.compile(rb"^[ \t]*class[ \t]+(\w+)[ \t]*\(([^)]*)\)", re.MULTILINE)


def subclass_modules(
    exports: Sequence[Export], places: Dict[str, str], held: Set[str], covered: Sequence[str], settings: Settings
) -> Optional[List[Found]]:
    """The modules of a package, but those `held` and those the configuration excludes,
    that define subclasses (and their subclasses) of the classes whose properties give an
    attribute of `self` (`READS` rows): what such a property gives is what the subclasses
    set it to (analysis/project/hierarchy.py), and a file linted alone imports no
    subclass. `places`: the files of the exports, absolute, by shown path. Only the
    package the class's module is in (its folder and those below) is searched, unless a
    folder of the run (`covered`) holds it; None when no package was searched."""
    wanted: Dict[str, Set[str]] = {}  # by package folder: the names of the classes
    for export in exports:
        absolute = places.get(export.path)
        if export.width != READS or absolute is None:
            continue
        if "." not in export.module:
            continue  # a module of no package
        package = os.path.join(str(Path(absolute).parent), "")
        if not any(package.startswith(start) for start in covered):
            wanted.setdefault(package, set()).add(export.name.split(".")[0])
    if not wanted:
        return None
    found: Dict[str, Found] = {}
    for top, names in wanted.items():
        by_base = _subclasses_in(top, settings)
        generation = set(names)
        for _ in range(MOST_GENERATIONS):
            children = [(file, child) for name in generation for file, child in by_base.get(name, ())]
            for file, _child in children:
                if file not in held:
                    found.setdefault(file, Found(file, file))
            generation = {child for _file, child in children} - names
            names |= generation
            if not generation:
                break
    return sorted(found.values(), key=lambda found_file: found_file.absolute)


def _subclasses_in(folder: str, settings: Settings) -> Dict[str, List[Tuple[str, str]]]:
    """By the last part of a base's name: the files of a package (not excluded) that
    define classes deriving from it, and those classes' names."""
    by_base: Dict[str, List[Tuple[str, str]]] = {}
    for directory, folders, names in os.walk(folder):
        folders[:] = [name for name in folders if not is_force_excluded(Path(directory, name), settings)]
        for name in names:
            absolute = os.path.join(directory, name)
            if not name.endswith(".py") or is_force_excluded(Path(absolute), settings):
                continue
            try:
                text = Path(absolute).read_bytes()
            except OSError:
                continue
            for header in _CLASS_HEADER.finditer(text):
                for base in header.group(2).split(b","):
                    last = base.strip().rsplit(b".", 1)[-1].decode("utf-8", "replace")
                    by_base.setdefault(last, []).append((absolute, header.group(1).decode("utf-8", "replace")))
    return by_base


def _scope(folder: str, root: Path) -> str:
    """The folder of the outermost package a folder is in, or itself when it is in none."""
    relative = os.path.relpath(folder, root)
    return folder if relative == "." else os.path.join(str(root), relative.split(os.sep)[0])


def _module_of(name: str, root: Path) -> Tuple[Optional[Path], str]:
    """The module a qualified name is or is in (`pkg.utils.table`: pkg/utils.py), and the
    name within it ('' for the module itself)."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        file = module_file(".".join(parts[:cut]), root)
        if file is not None:
            return file, ".".join(parts[cut:])
    return None, ""


def shared(exports: Sequence[Export], modules: Sequence[Path]) -> List[Export]:
    """The exports as the run hands them to the modules that import them: with what the
    objects of a class may hold through subclasses other modules define
    (analysis/project/hierarchy.py), and named as the packages whose `__init__` (among
    these modules') re-exports them name them too; the rows that describe classes are
    read here only."""
    reexports = _Reexports(exports, modules)
    given = [*exports, *inherited(exports, reexports.source_of)]
    return [export for export in (*given, *reexports.aliases(given)) if export.width not in CLASS_ROWS]


def passed_to_sources(passed: Sequence[Export], modules: Sequence[Path]) -> List[Export]:
    """The values other modules' calls pass to functions, named as the modules that define
    them: `pkg.prep.prep` for a call of `pkg.prep` after `from pkg import prep`, when
    `pkg/__init__.py` (among these modules) says `from .prep import prep`."""
    if not passed:
        return []
    reexports = _Reexports(passed, modules, named_by_package=True)
    found = []
    for export in passed:
        head, dot, rest = export.name.partition(".")
        module, _, name = reexports.source_of(f"{export.module}.{head}", set()).rpartition(".")
        found.append(replace(export, module=module, name=f"{name}{dot}{rest}"))
    return found


class _Reexports:
    """What the packages' `__init__`s bind of the modules that export: only an `__init__`
    of a package an export is in (or, `named_by_package`, that names it), and whose text
    names the export or imports all names of a module, is read."""

    def __init__(self, exports: Sequence[Export], modules: Sequence[Path], named_by_package: bool = False) -> None:
        inits = [module for module in modules if module.name == "__init__.py"]
        wanted = {export.name.split(".")[0] for export in exports} | {"import *"}
        exporting = {export.module for export in exports}
        holding = {module.rsplit(".", cut)[0] for module in exporting for cut in range(1, module.count(".") + 1)}
        if named_by_package:
            holding |= exporting
        self._binding: Dict[str, List[Tuple[str, str]]] = {}  # by what is imported: (package, name it binds)
        self._all_of: Dict[str, List[str]] = {}  # by module: the packages that bind all its public names
        self._bound: Dict[str, str] = {}  # `pkg.table`: what it is bound to, `pkg.utils.table`
        self._stars: Dict[str, List[str]] = {}  # by package: the modules it binds all public names of
        for init in inits:
            package = ModulePlace.of(init).name
            if package in holding and _names_any(init, wanted):
                for bound, source in read_imports(init).reexports:
                    if bound == "*":
                        self._all_of.setdefault(source, []).append(package)
                        self._stars.setdefault(package, []).append(source)
                    else:
                        self._binding.setdefault(source, []).append((package, bound))
                        self._bound[f"{package}.{bound}"] = source

    def aliases(self, exports: Sequence[Export]) -> List[Export]:
        """The exports as the packages that re-export them name them (`pkg.table` for
        `pkg.utils.table`, `pkg.Schedule.sigmas` for `pkg.sched.Schedule.sigmas`), through
        as many `__init__`s as pass them on."""
        known = {export.identity for export in exports}
        found: List[Export] = []
        passing = list(exports)
        for _ in range(_MOST_INITS):
            passing = [alias for export in passing for alias in self._named_as(export) if alias.identity not in known]
            if not passing:
                break
            known.update(alias.identity for alias in passing)
            found.extend(passing)
        return found

    def source_of(self, name: str, defined: Set[str]) -> str:
        """The name something is defined by, for a name a package re-exports it by: what
        the package binds to it, or, among those `defined`, the one of the modules it
        binds all names of (`pkg.grids.GridBase`: `pkg.grids.base.GridBase`)."""
        for _ in range(_MOST_INITS):
            package, _, short = name.rpartition(".")
            stars = [f"{module}.{short}" for module in self._stars.get(package, ()) if not short.startswith("_")]
            source = self._bound.get(name) or next((star for star in stars if star in defined), None)
            if source is None:
                break
            name = source
        return name

    def _named_as(self, export: Export) -> List[Export]:
        """The export as the packages that bind it name it: bound itself (`table`), or the
        class it is a member of (`Schedule` of `Schedule.sigmas`), or all public names of its
        module; not through its module (a package that binds `utils` reads
        `pkg.utils.table` as it is)."""
        parts = export.name.split(".")
        named: List[Export] = []
        for cut in range(1, len(parts) + 1):
            source = f"{export.module}.{'.'.join(parts[:cut])}"
            rest = "".join(f".{part}" for part in parts[cut:])
            bindings = self._binding.get(source, ())
            named.extend(replace(export, module=package, name=bound + rest) for package, bound in bindings)
        if not parts[0].startswith("_"):  # unless the package binds the name to something else
            packages = self._all_of.get(export.module, ())
            named.extend(replace(export, module=p) for p in packages if f"{p}.{parts[0]}" not in self._bound)
        return named


_MOST_INITS = 8  # `__init__`s a name is passed on through, at most


def _names_any(path: Path, names: Set[str]) -> bool:
    try:
        text = path.read_bytes()
    except OSError:
        return False
    return any(name.encode() in text for name in names)
