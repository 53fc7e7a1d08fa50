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
