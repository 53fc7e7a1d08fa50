"""What the rest of a test suite says about a test module (`Suite`, analysis/semantic/facts.py),
read from the files around it, never run:

- the conftest.py files above it: the tests whose runs on MPS their collection hooks skip
  (analysis/domain/collection_hooks.py) and the devices their fixtures give
  (analysis/domain/fixture_devices.py). pytest reads every conftest.py from the root of
  the project down to the test's folder; a nearer conftest's fixture wins over a farther
  one's of the same name;
- the modules of the project it imports from (a test-case base class, a device helper):
  a name imported from a module that defines it and never names a device without float64
  (`"mps"`) nor takes a device from outside (the environment, the command line, an
  accelerator picked for it: `Trainer`, `Accelerator`, `torch.accelerator`) is quiet:
  its devices all have float64.

The project's root is the first folder up from the test's own that holds a project file
(`pyproject.toml`, `setup.cfg`, `setup.py`, `pytest.ini`, `tox.ini`, `.git`). A module is
looked for under the root, its `src/` folder and the test's own folder. A file that cannot
be read or parsed says nothing. Each is read once per process and stamp.

`suite_of` also gives the files the answer depends on, with their stamps (`()` for a
conftest.py that is not there: creating one changes the answer), for the stamp index.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Dict, FrozenSet, List, Optional, Tuple

from f64lint.analysis.domain.collection_hooks import Skip, mps_skips
from f64lint.analysis.domain.device_kinds import DeviceKinds
from f64lint.analysis.domain.fixture_devices import fixture_devices
from f64lint.analysis.domain.library import STAR_EXPORTS
from f64lint.analysis.semantic.facts import Suite
from f64lint.analysis.semantic.modules import ModulePlace
from f64lint.analysis.semantic.walk import walk
from f64lint.cst import cst
from f64lint.runner.cache import Dependency, Stamp, stamp

_PROJECT_FILES = ("pyproject.toml", "setup.cfg", "setup.py", "pytest.ini", "tox.ini", ".git")
_HOOK_WORDS = (b"pytest_collection_modifyitems", b"fixture", b"pytest_generate_tests")
_FROM_IMPORT = re.compile(r"^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+(?:\(([^)]*)\)|([\w, \t]+))", re.MULTILINE)
# A top-level `def`, `class` or assignment, and the name it binds.
_TOP_LEVEL_NAME = re.compile(
    r"^(?:(?:async[ \t]+)?def|class)[ \t]+(\w+)|^(\w+)[ \t]*(?::[^=\n]*)?=(?!=)", re.MULTILINE
)
# What makes a module's devices open: a device without float64 named, or one taken from
# outside the code.
_OPEN_DEVICES = re.compile(
    r"environ|getenv|\bargv\b|ArgumentParser|set_default_device|get_default_device|\baccelerator\b|"
    r"\bAccelerator\b|\bTrainer\b"
)


def suite_of(path: Path, text: str, devices: FrozenSet[str]) -> Tuple[Suite, Tuple[Dependency, ...]]:
    """What the rest of the suite says about a test module (`text`, its source; `devices`,
    the device types without float64), and the files that says it."""
    skips: List[Skip] = []
    given: Dict[str, bool] = {}
    depends: List[Dependency] = []
    for conftest in reversed(_conftest_places(path)):  # the farthest first: nearer ones win
        if not conftest.is_file():
            depends.append((str(conftest), ()))
            continue
        now = stamp(conftest)
        depends.append((str(conftest), now))
        read = _read_conftest(str(conftest), devices) if now is None else _settled_conftest(str(conftest), now, devices)
        skips.extend(read.skips)
        given.update(read.devices)
    quiet: List[str] = []
    for module, names in _imports(text):
        found = None
        for candidate in _module_files(path, module):
            if candidate.is_file():
                found = candidate
                break
            depends.append((str(candidate), ()))  # a module made there later is the one read
        if found is None:
            continue
        now = stamp(found)
        depends.append((str(found), now))
        defined = _quiet_definitions(str(found), devices) if now is None else _settled_quiet(str(found), now, devices)
        absolute = _absolute(path, module)
        quiet.extend(f"{absolute}.{name}" for name in names if name in defined and absolute)
    suite = Suite(tuple(dict.fromkeys(skips)), tuple(given.items()), tuple(dict.fromkeys(quiet)))
    return suite, tuple(depends)


def _project_root(folder: Path) -> Path:
    """The first folder up from this one with a project file; the folder itself when none
    has one."""
    last = _folders_up(str(folder))[-1]
    return last if last.parent != last else folder


def _conftest_places(path: Path) -> List[Path]:
    """Where pytest reads a conftest.py for a test module, nearest first."""
    absolute = Path(os.path.abspath(path))
    places = [folder / "conftest.py" for folder in _folders_up(str(absolute.parent))]
    return [place for place in places if place != absolute]


@lru_cache(maxsize=1024)
def _folders_up(folder: str) -> Tuple[Path, ...]:
    """A folder and those above it, up to the first that holds a project file (or to the
    filesystem's root), each looked at once per process."""
    here = Path(folder)
    if any((here / name).exists() for name in _PROJECT_FILES) or here.parent == here:
        return (here,)
    return (here, *_folders_up(str(here.parent)))


def _imports(text: str) -> List[Tuple[str, Tuple[str, ...]]]:
    """`from m import a, b` statements: the module (dots of a relative import kept in front)
    and the names."""
    found = []
    for match in _FROM_IMPORT.finditer(text):
        listed = match.group(3) if match.group(3) is not None else match.group(4)
        names = tuple(part.split()[0] for part in listed.split(",") if part.split())  # `a as b`: a
        found.append((match.group(1) + match.group(2), names))
    return found


def _absolute(path: Path, module: str) -> Optional[str]:
    """A module name as the analysis qualifies imported names: `tests.helpers` for
    `.helpers` imported by a module of package `tests`."""
    dots = len(module) - len(module.lstrip("."))
    if not dots:
        return module
    place = ModulePlace.of(path).package
    package = place.split(".") if place else []
    if dots - 1 > len(package):
        return None
    return ".".join([*package[: len(package) - (dots - 1)], *filter(None, [module.lstrip(".")])]) or None


def _module_files(path: Path, module: str) -> List[Path]:
    """The files of the project a module name may stand for, seen from a test module, in
    the order they are looked for (the first that exists is the one)."""
    folder = Path(os.path.abspath(path)).parent
    dots = len(module) - len(module.lstrip("."))
    parts = [part for part in module.lstrip(".").split(".") if part]
    if not parts:
        return []
    if dots:
        bases = [folder.parents[dots - 2] if dots > 1 else folder] if dots - 1 <= len(folder.parents) else []
    else:
        root = _project_root(folder)
        bases = [root, root / "src", folder]
    return [
        candidate
        for base in bases
        for candidate in (base.joinpath(*parts).with_suffix(".py"), base.joinpath(*parts, "__init__.py"))
    ]


@lru_cache(maxsize=256)
def _settled_conftest(conftest: str, now: Stamp, devices: FrozenSet[str]) -> Suite:
    return _read_conftest(conftest, devices)


def _read_conftest(conftest: str, devices: FrozenSet[str]) -> Suite:
    module = _parsed(conftest, _HOOK_WORDS)
    if module is None:
        return Suite()
    facts = walk(module, devices, star_exports=STAR_EXPORTS)
    return Suite(mps_skips(facts), tuple(fixture_devices(facts, DeviceKinds(facts).kind).items()))


@lru_cache(maxsize=256)
def _settled_quiet(module: str, now: Stamp, devices: FrozenSet[str]) -> FrozenSet[str]:
    return _quiet_definitions(module, devices)


def _quiet_definitions(module: str, devices: FrozenSet[str]) -> FrozenSet[str]:
    """The names a module defines at its top level (functions, classes, assignments), if
    it never names a device without float64 nor takes one from outside; else none."""
    try:
        text = Path(module).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return frozenset()
    named = re.compile("|".join(rf"\b{re.escape(device)}\b" for device in sorted(devices)) or "(?!)")
    if _OPEN_DEVICES.search(text) or named.search(text):
        return frozenset()
    return frozenset(match.group(1) or match.group(2) for match in _TOP_LEVEL_NAME.finditer(text))


def _parsed(path: str, words: Tuple[bytes, ...]) -> Optional[cst.Module]:
    try:
        data = Path(path).read_bytes()
        if words and not any(word in data for word in words):
            return None
        return cst.parse_module(data.decode("utf-8"))
    except (OSError, UnicodeDecodeError, cst.ParserSyntaxError, RecursionError):
        return None
