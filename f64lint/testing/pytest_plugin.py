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
one of its tensor inputs is (what it makes inside is not checked), `torch.compile` breaks
the graph at each operation (`fullgraph=True` is not kept), PyTorch's own code (its
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

What it sees, it writes down for the linter: at the end of a session that ran tests under
the emulation, every float64 value that reached MPS, with the line that made it, the line
where it reached MPS and the tests that saw it, goes to `.f64lint/observed.json` under
the project's root (pytest's rootdir; a stable, sorted JSON format, safe to commit:
f64lint/observed.py). What earlier sessions saw in tests this one did not run is kept.
`f64lint` reads the file when it is there: a NumPy array seen float64 where it became a
tensor is a finding (F64003) at that line, "seen at run time in tests/test_x.py::test_y",
with its fix, and what the project's function that made that array returns is float64
wherever it is called, in any module; an observation whose line no longer reads as it did
is dropped. Values made outside the project's root (in a library) are not written.
"""  # noqa: E501

from __future__ import annotations

import contextlib
import linecache
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterator, List, Optional, Set

import pytest

from f64lint.observed import PATH, BadObservations, Observation, Place, from_row, merged, read, write

_ACTIVE = pytest.StashKey[Optional[contextlib.ExitStack]]()
_SESSION = pytest.StashKey[Optional[contextlib.ExitStack]]()
_EMULATED = pytest.StashKey[bool]()  # the plugin ran something under the emulation
_EMULATION = "f64lint.testing.mps_emulation"
_WORKER_OUTPUT = "f64lint_observed"  # what a pytest-xdist worker hands its controller


class _Observer:
    """Writes down what the emulation saw (f64lint/observed.py) at the end of the session:
    in a pytest-xdist worker it hands it to the controller, which writes for all."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.ran: Set[str] = set()
        self.from_workers: List[Observation] = []
        self.emulated_in_workers = False
        emulation = sys.modules.get(_EMULATION)
        if emulation is not None:  # an earlier session in this process (pytester) saw those
            emulation.SIGHTINGS.clear()

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when == "teardown":
            self.ran.add(report.nodeid)

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        handed = getattr(node, "workeroutput", {}).get(_WORKER_OUTPUT)
        if handed is not None:
            self.emulated_in_workers = True
            self.from_workers.extend(from_row(row) for row in handed)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        emulated = self.config.stash.get(_EMULATED, False)
        seen = list(self.from_workers)
        if emulated:
            sightings = sys.modules[_EMULATION].SIGHTINGS.observations()
            seen.extend(_in_project(sightings, self.config.rootpath))
        worker_output = getattr(self.config, "workeroutput", None)
        if worker_output is not None:
            if emulated:
                worker_output[_WORKER_OUTPUT] = [observation.as_row() for observation in seen]
            return
        if not emulated and not self.emulated_in_workers:
            return  # no test ran under the emulation: nothing is known anew
        path = self.config.rootpath / PATH
        try:
            earlier = read(path) if path.is_file() else ()
        except (OSError, BadObservations) as error:
            print(f"f64lint: {path} left as it was: {error}", file=sys.stderr)
            return
        if seen or earlier:
            write(path, merged(earlier, seen, self.ran))


def _in_project(observations: List[Observation], root: Path) -> Iterator[Observation]:
    """Observations whose value was made under the project's root, its paths relative to
    it and its lines' text read."""
    for observation in observations:
        made, reached = (_relative(place, root) for place in (observation.made, observation.reached))
        data_from = _relative(observation.data_from, root, with_code=False) if observation.data_from else None
        if made is not None and reached is not None:
            yield replace(observation, made=made, reached=reached, data_from=data_from)


def _relative(place: Place, root: Path, with_code: bool = True) -> Optional[Place]:
    """The place with its path relative to the root, and its line's text when asked; None
    outside the root."""
    relative = os.path.relpath(place.path, root)
    if relative == os.pardir or relative.startswith(os.pardir + os.sep) or os.path.isabs(relative):
        return None
    code = linecache.getline(place.path, place.line).strip() if with_code else place.code
    return replace(place, path=Path(relative).as_posix(), code=code)


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
    config.pluginmanager.register(_Observer(config), "f64lint-observer")


def _session_wide(config: pytest.Config) -> bool:
    option = config.getoption("mps_emulation")
    return bool(option if option is not None else config.getini("mps_emulation"))


def _emulation(config: pytest.Config) -> contextlib.ExitStack:
    from f64lint.testing.mps_emulation import mps_emulation

    config.stash[_EMULATED] = True
    stack = contextlib.ExitStack()
    stack.enter_context(mps_emulation())
    return stack


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: pytest.Config, parser: pytest.Parser, args: List[str]) -> None:
    """Before the first conftest is imported (a `DEVICE = "mps" if ... else "cpu"` there
    must pick MPS): the option as parsed so far, or the ini setting."""
    option = getattr(early_config.known_args_namespace, "mps_emulation", None)
    if option if option is not None else early_config.getini("mps_emulation"):
        early_config.stash[_SESSION] = _emulation(early_config)


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    stack = config.stash.get(_SESSION, None)
    if stack is not None:
        config.stash[_SESSION] = None
        stack.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    if item.get_closest_marker("mps_emulation") is not None and not _session_wide(item.config):
        item.stash[_ACTIVE] = _emulation(item.config)
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    yield
    stack = item.stash.get(_ACTIVE, None)
    if stack is not None:
        item.stash[_ACTIVE] = None
        stack.close()


@pytest.fixture(name="mps_emulation")
def mps_emulation_fixture(request: pytest.FixtureRequest) -> Iterator[None]:
    """The test runs as if on Apple's MPS backend."""
    with _emulation(request.config):
        yield
