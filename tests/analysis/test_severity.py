"""Severity by reachability: a finding is a warning unless its float64 value provably ends
up on a device that may be MPS; then it is an error. A configured severity wins."""

from __future__ import annotations

from f64lint.workspace.settings import Settings
from f64lint.diagnostic import Severity
from f64lint.linter.lint import lint_source
from f64lint.workspace.selection import default_codes

SOURCE = """\
import numpy as np
import torch

DEVICE = torch.device("mps" if torch.backends.mps.is_available() else "cpu")


def table(n):
    return torch.arange(n, dtype=torch.float64)


def on_device(n, device):
    a = torch.zeros(n, dtype=torch.float64, device=device)
    b = torch.from_numpy(np.linspace(0, 1, n)).to(device)
    c = torch.ones(n).double()
    return a, b, c.to(DEVICE)


def on_cpu(n):
    return torch.zeros(n).double().to("cpu")
"""


def severities(source: str = SOURCE, settings: Settings = Settings(), path: str = "m.py"):
    """(line, code, severity) of each finding in a module, sorted."""
    found = lint_source(path, source, default_codes(), settings.severity_of).diagnostics
    return sorted((d.start.line, d.code, d.severity.value) for d in found)


def test_only_values_that_reach_a_device_that_may_be_mps_are_errors():
    assert severities(settings=Settings()) == [
        (8, "F64001", "warning"),   # made on the CPU, never moved here
        (12, "F64001", "error"),    # made on `device`
        (13, "F64003", "error"),    # moved to `device` in the same chain
        (14, "F64002", "error"),    # moved to DEVICE (mps when available) two lines later
        (15, "F64004", "error"),    # ... here
        (19, "F64002", "warning"),  # stays on the CPU
    ]


def test_a_configured_severity_wins_over_reachability():
    settings = Settings(severity=(("F64001", Severity.WARNING), ("F64004", Severity.WARNING)))
    assert [s for line, code, s in severities(settings=settings) if code in ("F64001", "F64004")] == ["warning"] * 3


def test_in_a_test_a_device_known_only_by_its_name_is_unknown():
    # `device` and `self.device` in a test are fixtures or CPU/CUDA attributes most of the
    # time: float64 made there is a warning, and moving it there is not reported; a device
    # the test writes as MPS (DEVICE: mps when available) still makes an error. `table`
    # and `on_cpu` meet no device at all: in a test their float64 stays on the CPU.
    assert severities(path="tests/test_model.py") == [
        (12, "F64001", "warning"),
        (13, "F64003", "warning"),
        (14, "F64002", "error"),
        (15, "F64004", "error"),
    ]
    for name in ("test_model.py", "model_test.py", "conftest.py", "pkg/test/helpers.py"):
        found = lint_source(name, SOURCE, default_codes(), Settings().severity_of).diagnostics
        assert [d.severity.value for d in found if d.start.line == 12] == ["warning"], name
    found = lint_source("testing/model.py", SOURCE, default_codes(), Settings().severity_of).diagnostics
    assert [d.severity.value for d in found if d.start.line == 12] == ["error"]


def test_a_float64_default_dtype_is_an_error_where_a_float_tensor_is_then_made_on_a_device():
    # A module-level switch reaches the module's functions; one in a function reaches what
    # follows it there. Integer tensors, tensors given a dtype and tensors made on the CPU
    # are not float64 by it.
    switched = """\
import torch

torch.set_default_dtype(torch.float64)
DEVICE = torch.device("mps" if torch.backends.mps.is_available() else "cpu")


def noise(n):
    return torch.randn(n, device=DEVICE)


def setup(device):
    torch.set_default_tensor_type(torch.DoubleTensor)
    return torch.arange(3, device=device), torch.zeros(2, device="cpu"), torch.ones(2, dtype=torch.float32, device=device)


def weights(device):
    torch.set_default_tensor_type("torch.DoubleTensor")
    return torch.tensor([0.5, 1.5], device=device)
"""
    found = lint_source("m.py", switched, default_codes(), Settings().severity_of).diagnostics
    assert [(d.start.line, d.code, d.severity.value, d.message) for d in found] == [
        (3, "F64005", "error", "default dtype set to `torch.float64`: every new float tensor is float64, which MPS "
         "lacks (`torch.randn()` at line 8 makes one on a device that may be 'mps')"),
        (12, "F64005", "warning", "default tensor type set to `DoubleTensor`: every new float tensor is float64, "
         "which MPS lacks"),
        (17, "F64005", "error", "default tensor type set to `DoubleTensor`: every new float tensor is float64, "
         "which MPS lacks (`torch.tensor()` at line 18 makes one on a device that may be 'mps')"),
    ]


def test_a_buffer_moves_with_its_module_only_when_that_module_is_moved_as_it_is():
    # Errors need the module moved after the buffer is registered, not cast in place first,
    # and made from the class that registers it (an nn.Module: a class with a base).
    source = """\
import torch
from torch import nn


class Moved(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("scale", torch.ones(3, dtype=torch.float64))


class CastFirst(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("scale", torch.ones(3, dtype=torch.float64))


class Plain:
    def __init__(self):
        self.w = nn.Parameter(torch.zeros(3, dtype=torch.float64))

    def to(self, device):
        return self


def run(device):
    cast = CastFirst()
    cast.float()
    cast.to(device)
    late = nn.Linear(2, 2)
    late.to(device)
    late.register_buffer("shift", torch.zeros(2, dtype=torch.float64))
    return Moved().to(device), Plain().to(device)


def shadowed(device):
    class CastFirst(nn.Module):
        pass

    return CastFirst().to(device)
"""
    assert severities(source) == [
        (8, "F64001", "error"), (14, "F64001", "warning"), (19, "F64001", "warning"), (31, "F64001", "warning"),
    ]


def test_a_float64_default_dtype_reset_elsewhere_in_the_module_stays_a_warning():
    source = """\
import torch


def reference(device):
    old = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)
    try:
        expected = torch.randn(3)
    finally:
        torch.set_default_dtype(old)
    return expected, torch.randn(3, device=device)
"""
    assert severities(source) == [(6, "F64005", "warning")]


def test_a_buffer_set_again_on_self_is_not_known_to_move_as_registered():
    # Assigning to a buffer's name replaces it: here by a float32 copy, before any move.
    source = """\
import torch
from torch import nn


class Recast(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.register_buffer("freqs", torch.arange(n, dtype=torch.float64))
        self.freqs = self.freqs.float()


def build(device):
    return Recast(4).to(device)
"""
    assert severities(source) == [(8, "F64001", "warning")]


def test_a_python_number_kept_as_a_float64_buffer_moves_with_its_module():
    # A number boxed in a float64 tensor on the CPU is not flagged; kept as a buffer it is
    # (a warning), and an error where the module is moved.
    source = """\
import torch
from torch import nn


class ScaleShift(nn.Module):
    def __init__(self, r_max: float):
        super().__init__()
        self.register_buffer("r_max", torch.tensor(r_max, dtype=torch.float64))


class Unmoved(nn.Module):
    def __init__(self, r_max: float):
        super().__init__()
        self.register_buffer("r_max", torch.tensor(r_max, dtype=torch.float64))


def boxed(value: float):
    wrapped = torch.tensor(value, dtype=torch.float64)
    return wrapped


def build(device):
    return ScaleShift(5.0).to(device)
"""
    found = lint_source("m.py", source, default_codes(), Settings().severity_of).diagnostics
    assert [(d.start.line, d.code, d.severity.value) for d in found] == [
        (8, "F64001", "error"), (14, "F64001", "warning"),
    ]


def test_a_submodule_cast_before_its_parent_moves_it_keeps_its_buffers_warnings():
    source = """\
import numpy as np
import torch
from torch import nn


class Kept(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.register_buffer("ext", torch.from_numpy(np.eye(d)))


class Holder(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.kept = Kept(d)

    def forward(self, u):
        self.kept.float()
        self.kept.to(u.device)
        return u
"""
    assert severities(source) == [(9, "F64003", "warning")]


def test_a_buffer_registered_by_keyword_moves_with_its_module_too():
    source = """\
import torch
from torch import nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer(name="scale", tensor=torch.ones(3, dtype=torch.float64))


def build(device):
    return M().to(device)
"""
    assert severities(source) == [(8, "F64001", "error")]


def test_a_buffer_bound_to_a_name_first_moves_with_its_module_too():
    source = """\
import torch
from torch import nn


class Frontend(nn.Module):
    def __init__(self, n_fft=400):
        super().__init__()
        window = torch.hann_window(n_fft).double()
        self.register_buffer("window", window)
        scale = torch.ones(1).double()
        self.kept = nn.Parameter(scale)
        unused = torch.ones(1).double()
        self.n = unused.numel()


def build(device):
    frontend = Frontend()
    frontend = frontend.to(device)
    return frontend
"""
    # (`unused` is only counted on the host: nothing is flagged there.)
    assert severities(source) == [
        (8, "F64002", "error"), (10, "F64002", "error"),
    ]


def test_a_device_helper_another_module_defines_may_give_mps():
    source = """\
import numpy as np
import torch
from project import utils
from project.devices import best_device


def frames(n):
    return torch.from_numpy(np.hanning(n)).to(best_device())


def scales(n):
    return torch.from_numpy(np.linspace(0, 1, n)).to(utils.get_device())


def like(n, x):
    return torch.from_numpy(np.linspace(0, 1, n)).to(x.get_device())


def default(n):
    return torch.from_numpy(np.linspace(0, 1, n)).to(torch.get_default_device())
"""
    assert severities(source) == [
        (8, "F64003", "error"), (12, "F64003", "error"), (16, "F64003", "warning"), (20, "F64003", "warning"),
    ]


def test_a_device_helper_given_devices_gives_one_of_them():
    source = """\
import argparse

import numpy as np
import torch
from project.tools import init_device

parser = argparse.ArgumentParser()
parser.add_argument("--device", choices=["cpu", "cuda"], default="cpu")
parser.add_argument("--any-device", default="cpu")
args = parser.parse_args()


def scales(n):
    return torch.from_numpy(np.linspace(0, 1, n)).to(init_device(args.device))


def offsets(n):
    return torch.from_numpy(np.linspace(0, 1, n)).to(init_device(args.any_device))
"""
    assert severities(source) == [
        (14, "F64003", "warning"), (18, "F64003", "error"),
    ]


def test_a_move_to_the_device_of_data_known_on_the_cpu_reaches_no_mps():
    source = """\
import numpy as np
import torch


def like_local(n):
    x = torch.ones(n)
    return torch.from_numpy(np.linspace(0, 1, n)).to(x.device)


def like_given(n, x):
    return torch.from_numpy(np.linspace(0, 1, n)).to(x.device)
"""
    assert severities(source) == [
        (7, "F64003", "warning"), (11, "F64003", "error"),
    ]


def test_a_legacy_double_tensor_a_caller_moves_is_an_error():
    # `.type(torch.DoubleTensor)` makes a float64 CPU tensor, as the probe saw it; the caller
    # moves it to a device that may be MPS, which F64004 flags where it does.
    source = """\
import torch


def confusion(preds, targets, k):
    cm = torch.bincount(targets.cpu() * k + preds.cpu(), minlength=k * k).view(k, k)
    return cm.type(torch.DoubleTensor)


def recall(preds, targets, k, device):
    cm = confusion(preds, targets, k).to(device)
    return cm.diag() / cm.sum(1).clamp(min=1)


def kept_on_the_cpu(preds, targets, k):
    return confusion(preds, targets, k).sum()
"""
    assert severities(source) == [(6, "F64007", "error"), (10, "F64004", "error")]
