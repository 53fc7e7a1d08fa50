"""The conftest.py files above a test module, and what they say about its tests: the tests
whose runs on MPS their collection hooks skip (analysis/domain/collection_hooks.py) and the
devices their fixtures give (analysis/domain/fixture_devices.py).

pytest reads every conftest.py from the root of the project down to the test's folder. The
folders are climbed from the test's own up to the first that holds a project file
(`pyproject.toml`, `setup.cfg`, `setup.py`, `pytest.ini`, `tox.ini`, `.git`); a nearer
conftest's fixture wins over a farther one's of the same name. A conftest that cannot be
read or parsed says nothing. Each is read once per process and stamp.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Dict, FrozenSet, List, Optional, Tuple

from f64lint.analysis.domain.collection_hooks import Skip, mps_skips
from f64lint.analysis.domain.device_kinds import DeviceKinds
from f64lint.analysis.domain.fixture_devices import fixture_devices
from f64lint.analysis.semantic.facts import Conftest
from f64lint.analysis.semantic.walk import walk
from f64lint.cache import Stamp, stamp
from f64lint.cst import cst

_PROJECT_FILES = ("pyproject.toml", "setup.cfg", "setup.py", "pytest.ini", "tox.ini", ".git")
_WORDS = (b"pytest_collection_modifyitems", b"fixture", b"pytest_generate_tests")


def conftest_of(path: Path, devices: FrozenSet[str]) -> Tuple[Conftest, Tuple[Optional[Stamp], ...]]:
    """What the conftest files above a test module say about its tests (`devices`: the
    device types without float64), with the stamps of those files (a stamp of None: the
    file is not settled)."""
    skips: List[Skip] = []
    given: Dict[str, bool] = {}
    stamps: List[Optional[Stamp]] = []
    for conftest in reversed(conftests_above(path)):  # the farthest first: nearer ones win
        now = stamp(conftest)
        stamps.append(now)
        read = _read(str(conftest), devices) if now is None else _read_settled(str(conftest), now, devices)
        skips.extend(read.skips)
        given.update(read.devices)
    return Conftest(tuple(dict.fromkeys(skips)), tuple(given.items())), tuple(stamps)


def conftests_above(path: Path) -> Tuple[Path, ...]:
    """The conftest.py files pytest reads for a test module, nearest first."""
    absolute = Path(os.path.abspath(path))
    return tuple(conftest for conftest in _conftests_from(str(absolute.parent)) if conftest != absolute)


@lru_cache(maxsize=1024)
def _conftests_from(folder: str) -> Tuple[Path, ...]:
    here = Path(folder)
    conftest = here / "conftest.py"
    found = (conftest,) if conftest.is_file() else ()
    if any((here / name).exists() for name in _PROJECT_FILES) or here.parent == here:
        return found
    return found + _conftests_from(str(here.parent))


@lru_cache(maxsize=256)
def _read_settled(conftest: str, now: Stamp, devices: FrozenSet[str]) -> Conftest:
    return _read(conftest, devices)


def _read(conftest: str, devices: FrozenSet[str]) -> Conftest:
    try:
        data = Path(conftest).read_bytes()
        if not any(word in data for word in _WORDS):
            return Conftest()
        module = cst.parse_module(data.decode("utf-8"))
    except (OSError, UnicodeDecodeError, cst.ParserSyntaxError, RecursionError):
        return Conftest()
    facts = walk(module, devices)
    return Conftest(mps_skips(facts), tuple(fixture_devices(facts, DeviceKinds(facts).kind).items()))
