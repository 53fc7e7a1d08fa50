"""`pytest --mps-emulation`: a project's own tests, run as if on a Mac (pytester runs
small projects with the plugin, as its entry point registers it)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from tests.helpers import require

require("torch")
require("numpy")

# The inner runs need neither a cache nor asyncio (whose plugin warns of its defaults).
QUIET = ("-p", "no:cacheprovider", "-p", "no:asyncio")

# Each function makes float64 on the device it is given, in one of the shapes that ship.
MODEL = '''
import numpy as np
import torch


def factory(device):
    return torch.zeros(3, dtype=torch.float64, device=device)


def from_numpy_array(device):
    return torch.tensor(np.linspace(0, 1, 3), device=device)


def moved_array(device):
    return torch.from_numpy(np.linspace(0, 1, 3)).to(device)


def converted(device):
    return torch.ones(3, device=device).double()


class Scaled(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("scale", torch.full((3,), 2.0, dtype=torch.float64))

    def forward(self, x):
        return x * self.scale


def buffer_moved(device):
    return Scaled().to(device)(torch.ones(3, device=device))


def promoted(device):
    return torch.arange(3, device=device) * torch.tensor(0.5, dtype=torch.float64)


def default_device(device):
    torch.set_default_device(device)
    try:
        return torch.zeros(3, dtype=torch.float64)
    finally:
        torch.set_default_device("cpu")
'''

TESTS = '''
import pytest
import torch

import model

DEVICE = "mps" if torch.backends.mps.is_available() else "cpu"


@pytest.mark.parametrize("make", ["factory", "from_numpy_array", "moved_array", "converted", "buffer_moved",
                                  "promoted", "default_device"])
def test_shape(make):
    result = getattr(model, make)(DEVICE)
    assert result.shape == (3,)
'''

FLOAT32_TESTS = '''
import torch


def test_float32_work():
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    x = torch.linspace(0, 1, 4, device=device)
    assert torch.nn.Linear(4, 2).to(device)(x).device.type == device
'''


@pytest.fixture
def project(pytester):
    pytester.makepyfile(model=textwrap.dedent(MODEL), test_model=textwrap.dedent(TESTS))
    pytester.makepyfile(test_float32=textwrap.dedent(FLOAT32_TESTS))
    return pytester


def test_a_suite_that_passes_on_the_cpu_fails_under_emulation_until_fixed(project):
    project.runpytest(*QUIET).assert_outcomes(passed=8)
    emulated = project.runpytest(*QUIET, "--mps-emulation")
    emulated.assert_outcomes(passed=1, failed=7)
    emulated.stdout.fnmatch_lines([
        "*TypeError: Cannot convert a MPS Tensor to float64 dtype as the MPS framework doesn't support float64.*",
        "*f64lint: the float64 value was made at *model.py:6 (see `f64lint --explain F64001`)",
    ])
    emulated.stdout.fnmatch_lines(["*RuntimeError: MPS backend does not support float64 (double) for this operation.*"])
    fixed = subprocess.run(
        [sys.executable, "-m", "f64lint", "--no-cache", "--fix", "--unsafe-fixes", "model.py"],
        cwd=project.path, capture_output=True, text=True,
    )
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    project.runpytest(*QUIET, "--mps-emulation").assert_outcomes(passed=8)


def test_the_ini_setting_the_marker_and_the_fixture(project):
    project.makeini("[pytest]\nmps_emulation = true\n")
    project.runpytest(*QUIET).assert_outcomes(passed=1, failed=7)
    project.makeini("[pytest]\n")
    project.makepyfile(test_one='''
        import pytest
        import torch

        @pytest.mark.mps_emulation
        def test_marked():
            assert torch.backends.mps.is_available()

        def test_by_fixture(mps_emulation):
            with pytest.raises(TypeError):
                torch.zeros(1, device="mps").double()

        def test_plain():
            assert not torch.backends.mps.is_available()
    ''')
    project.runpytest(*QUIET, "test_one.py").assert_outcomes(passed=3)
    # Under the option too, a marked test or the fixture enter the emulation only once.
    project.runpytest(*QUIET, "--mps-emulation", "test_one.py").assert_outcomes(passed=2, failed=1)


def test_the_plugin_imports_no_torch_when_off(pytester):
    pytester.makepyfile(test_light='''
        import sys

        def test_light():
            assert "torch" not in sys.modules
    ''')
    pytester.runpytest_subprocess(*QUIET).assert_outcomes(passed=1)


def test_a_conftest_picks_mps_under_the_option(pytester):
    # The emulation begins before the first conftest is imported.
    pytester.makeconftest('''
        import torch

        DEVICE = "mps" if torch.backends.mps.is_available() else "cpu"
    ''')
    pytester.makepyfile(test_device='''
        from conftest import DEVICE

        def test_device():
            assert DEVICE == "mps"
    ''')
    pytester.runpytest(*QUIET, "--mps-emulation").assert_outcomes(passed=1)
    pytester.runpytest(*QUIET).assert_outcomes(failed=1)


def observed(folder) -> list:
    """What a session wrote down: (call, made line, its function, reached line, tests)."""
    import json

    rows = json.loads((folder / ".f64lint" / "observed.json").read_text())["observations"]
    return [(o["call"], o["made"]["line"], o["made"]["function"], o["reached"]["line"], o["tests"]) for o in rows]


SEEN = [
    ("torch.zeros", 6, "factory", 6, ["test_model.py::test_shape[factory]"]),
    ("torch.tensor", 10, "from_numpy_array", 10, ["test_model.py::test_shape[from_numpy_array]"]),
    ("torch.from_numpy", 14, "moved_array", 14, ["test_model.py::test_shape[moved_array]"]),
    ("Tensor.double", 18, "converted", 18, ["test_model.py::test_shape[converted]"]),
    ("torch.full", 24, "Scaled.__init__", 31, ["test_model.py::test_shape[buffer_moved]"]),
    ("torch.tensor", 35, "promoted", 35, ["test_model.py::test_shape[promoted]"]),
    ("torch.zeros", 41, "default_device", 41, ["test_model.py::test_shape[default_device]"]),
]


def test_a_session_writes_down_where_each_float64_value_was_made_and_reached_mps(project):
    project.runpytest(*QUIET)
    assert not (project.path / ".f64lint").exists()  # no test ran under the emulation
    project.runpytest(*QUIET, "--mps-emulation").assert_outcomes(passed=1, failed=7)
    assert observed(project.path) == SEEN
    made = (project.path / ".f64lint" / "observed.json").read_text()
    assert '"path": "model.py"' in made and str(project.path) not in made  # relative to the rootdir
    # A session that runs some tests replaces what they saw and keeps the others'.
    project.runpytest(*QUIET, "--mps-emulation", "-k", "factory or converted or float32")
    assert observed(project.path) == SEEN
    (project.path / "model.py").write_text(
        (project.path / "model.py").read_text().replace("dtype=torch.float64, device=device)", "device=device)")
    )
    project.runpytest(*QUIET, "--mps-emulation", "-k", "factory")
    assert observed(project.path) == [seen for seen in SEEN if seen[2] != "factory"]


def test_workers_hand_what_they_saw_to_the_session_that_writes_it(project):
    project.runpytest_subprocess(*QUIET, "--mps-emulation", "-n", "2").assert_outcomes(passed=1, failed=7)
    assert observed(project.path) == SEEN


def test_a_marked_test_writes_what_it_saw_and_a_value_made_in_a_library_is_left_out(pytester, tmp_path_factory):
    site = tmp_path_factory.mktemp("site")  # outside the project's root
    (site / "widelib.py").write_text("import torch\n\ndef made():\n    return torch.ones(2, dtype=torch.float64)\n")
    pytester.makepyfile(test_marked=f'''
        import sys

        import pytest
        import torch

        sys.path.insert(0, {str(site)!r})
        import widelib

        @pytest.mark.mps_emulation
        def test_library():
            widelib.made().to("mps")

        @pytest.mark.mps_emulation
        def test_own():
            torch.ones(2).double().to("mps")
    ''')
    pytester.makeini("[pytest]\n")
    pytester.runpytest(*QUIET).assert_outcomes(failed=2)
    assert observed(pytester.path) == [("Tensor.double", 15, "test_own", 15, ["test_marked.py::test_own"])]
