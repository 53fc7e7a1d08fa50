"""A pytest plugin (registered by f64lint's `pytest11` entry point): a project's own tests,
run as if on a Mac's MPS backend (testing/mps_emulation.py).

- `pytest --mps-emulation`, or `mps_emulation = true` in pytest's configuration, runs
  the whole session under the emulation: collection (a module-level
  `"mps" if torch.backends.mps.is_available() else "cpu"` picks MPS), fixtures and tests;
- `@pytest.mark.mps_emulation` runs one test so;
- the `mps_emulation` fixture turns it on for the tests that ask for it.

Off, it costs nothing: PyTorch is imported only by a test that runs under emulation.
"""

from __future__ import annotations

import contextlib
from typing import Iterator, List, Optional

import pytest

_ACTIVE = pytest.StashKey[Optional[contextlib.ExitStack]]()
_SESSION = pytest.StashKey[Optional[contextlib.ExitStack]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("f64lint")
    group.addoption(
        "--mps-emulation",
        action="store_true",
        default=None,
        help="run the tests as if on Apple's MPS backend: float64 there raises as it does on a Mac (f64lint)",
    )
    parser.addini("mps_emulation", type="bool", default=False, help="run the tests under MPS emulation (f64lint)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "mps_emulation: run this test as if on Apple's MPS backend (f64lint)")


def _session_wide(config: pytest.Config) -> bool:
    option = config.getoption("mps_emulation")
    return bool(option if option is not None else config.getini("mps_emulation"))


def _emulation() -> contextlib.ExitStack:
    from f64lint.testing.mps_emulation import mps_emulation

    stack = contextlib.ExitStack()
    stack.enter_context(mps_emulation())
    return stack


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: pytest.Config, parser: pytest.Parser, args: List[str]) -> None:
    """Before the first conftest is imported (a `DEVICE = "mps" if ... else "cpu"` there
    must pick MPS): the option as parsed so far, or the ini setting."""
    option = getattr(early_config.known_args_namespace, "mps_emulation", None)
    if option if option is not None else early_config.getini("mps_emulation"):
        early_config.stash[_SESSION] = _emulation()


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    stack = config.stash.get(_SESSION, None)
    if stack is not None:
        config.stash[_SESSION] = None
        stack.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    if item.get_closest_marker("mps_emulation") is not None and not _session_wide(item.config):
        item.stash[_ACTIVE] = _emulation()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    yield
    stack = item.stash.get(_ACTIVE, None)
    if stack is not None:
        item.stash[_ACTIVE] = None
        stack.close()


@pytest.fixture(name="mps_emulation")
def mps_emulation_fixture() -> Iterator[None]:
    """The test runs as if on Apple's MPS backend."""
    from f64lint.testing.mps_emulation import mps_emulation

    with mps_emulation():
        yield
