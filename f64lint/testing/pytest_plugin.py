"""`pytest --mps-emulation` runs a project's own tests as if on a Mac (the plugin comes with
`pip install f64lint`; `mps_emulation = true` in pytest's configuration does the same).
`torch.backends.mps.is_available()` is true, so `"mps" if ... else "cpu"` picks MPS, and
float64 there raises the backend's own `TypeError` or `RuntimeError`, with a note naming
the line that made the float64 value and the rule that finds it statically:

```
E   TypeError: Cannot convert a MPS Tensor to float64 dtype as the MPS framework doesn't support float64. Please use float32 instead.
E   f64lint: the float64 value was made at model.py:6 (see `f64lint --explain F64001`)
```

For one test: `@pytest.mark.mps_emulation`, or the `mps_emulation` fixture. In code:

```python
from f64lint.testing.mps_emulation import assert_close_to_cpu_float64, mps_emulation

with mps_emulation():
    model = MyModel().to("mps")      # TypeError here if it makes float64 on MPS
assert_close_to_cpu_float64(my_fn, x, rtol=1e-4, atol=1e-5)  # float32 on MPS vs float64 on the CPU
```

Inside the emulation (a `torch.overrides.TorchFunctionMode`; PyTorch 2.13 to 2.14.1, CI
runs its tests on both), tensors made on or moved to `"mps"` live on the CPU but report
`device.type == "mps"`; float64 or complex128 there raises; an MPS tensor that meets a CPU
tensor of one or more dimensions raises the device-mismatch error, and `.numpy()` of one
raises as on a Mac; `torch.set_default_device("mps")`, `torch.Generator(device="mps")`
(and the error for a generator of the other device), `torch.mps.*`, `torch.compile`,
TorchScript, packed sequences, threads started inside the emulation and checkpoints saved
from MPS (they load back onto it) work as on a Mac. Where it differs from a Mac:
arithmetic is the CPU's (float32 results may differ in the last bits), operations MPS
lacks do not raise, a generator on "mps" draws the CPU's random numbers and says it is on
the CPU, the memory counters read 0, `torch.autocast("mps")` changes no dtype, an MPS
tensor's `repr` does not say `device='mps:0'`, TorchScript code's results are on MPS when
one of its tensor inputs is (what it makes inside is not checked), PyTorch's own code (its
compiler, a DataLoader's memory pinning) sees the machine as it is, threads started before
the emulation began make CPU tensors, and tensors made by C++ extensions or before the
emulation began are CPU tensors.

How it works: a pytest plugin (registered by f64lint's `pytest11` entry point): a project's own tests,
run as if on a Mac's MPS backend (testing/mps_emulation.py).

- `pytest --mps-emulation`, or `mps_emulation = true` in pytest's configuration, runs
  the whole session under the emulation: collection (a module-level
  `"mps" if torch.backends.mps.is_available() else "cpu"` picks MPS), fixtures and tests;
- `@pytest.mark.mps_emulation` runs one test so;
- the `mps_emulation` fixture turns it on for the tests that ask for it.

Off, it costs nothing: PyTorch is imported only by a test that runs under emulation.
"""  # noqa: E501

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
