"""The project phase hands a function the float64 data other modules' calls pass it: found
where the function makes it a tensor or moves it, naming the caller."""

from __future__ import annotations

import os

import pytest

from f64lint.runner import cache
from f64lint.runner.cache import Cache
from f64lint.runner.run import run
from f64lint.workspace.settings import Settings
from tests.runner.test_project_phase import package_in
from tests.source.test_notebooks import code, markdown, notebook_text

PREP = """\
import torch


def prep(x, device):
    return torch.as_tensor(x).to(device)


def place(t, device):
    return t.to(device)


class Grid:
    def __init__(self, points, device="cpu"):
        self.points = torch.from_numpy(points).to(device)
"""
TRAIN = """\
import numpy as np
import torch

from pkg.prep import Grid, place, prep


def main(device):
    grid = np.linspace(0, 1, 5)
    x = prep(grid, device)
    y = place(t=torch.zeros(3).double(), device=device)
    g = Grid(np.ones(4), device)
    return x, y, g
"""
TWIN = """\
import numpy as np
import torch

from pkg.prep import Grid, place, prep


def main(device):
    grid = np.linspace(0, 1, 5, dtype=np.float32)
    x = prep(grid, device)
    y = place(t=torch.zeros(3), device=device)
    g = Grid(np.ones(4), "cpu")
    return x, y, g
"""
FOUND = [
    (
        "prep.py", 5, 12, "F64003",
        "float64 NumPy array (from `np.linspace` passed for `x` by `pkg.train.main` at pkg/train.py:9) becomes a "
        "tensor in `torch.as_tensor()`; MPS has no float64",
    ),
    (
        "prep.py", 9, 14, "F64004",
        "float64 tensor (from `.double()` passed for `t` by `pkg.train.main` at pkg/train.py:10) moved to a device "
        "that may be 'mps'",
    ),
    (
        "prep.py", 14, 23, "F64003",
        "float64 NumPy array (from `np.ones` passed for `points` by `pkg.train.main` at pkg/train.py:11) becomes a "
        "tensor in `torch.from_numpy()`; MPS has no float64",
    ),
]


@pytest.fixture
def project(tmp_path, monkeypatch):
    return package_in(tmp_path, monkeypatch, "pkg", prep=PREP, train=TRAIN)


def _modules(project, **texts):
    """Modules of the project's package, by name, their source."""
    for name, text in texts.items():
        (project / "pkg" / f"{name}.py").write_text(text)


def _test_module(project, name, text):
    """A test module of the project, beside its package."""
    tests = project / "tests"
    tests.mkdir(exist_ok=True)
    (tests / name).write_text(text)


def _found(project, target="pkg", **kwargs):
    result = run([project / target], Settings(root=project), **kwargs)
    assert result.internal_errors == []
    return [
        (os.path.basename(d.path), d.start.line, d.start.column, d.code, d.message, d.fix is not None)
        for d in result.diagnostics
    ]


def _found_and_twin_clean(tmp_path, monkeypatch, twin, **modules):
    """The findings (file, line, column, code, message) in a package of these modules (by
    name, their source); the twin's modules, which replace theirs, leave none."""
    package_in(tmp_path, monkeypatch, "pkg", **modules)
    found = [row[:5] for row in _found(tmp_path)]
    _modules(tmp_path, **twin)
    assert _found(tmp_path) == []
    return found


def test_float64_data_passed_by_another_module_is_found_where_the_function_uses_it(project):
    found = _found(project)
    assert [row[:5] for row in found if row[0] == "prep.py"] == FOUND
    # Its other callers are not all known: a cast in the function would change what they pass.
    assert [row[5] for row in found if row[0] == "prep.py"] == [False, False, False]


def test_float32_data_and_calls_that_keep_the_data_off_mps_pass_nothing(project):
    _modules(project, train=TWIN)
    assert [row for row in _found(project) if row[0] == "prep.py"] == []


def test_a_test_module_that_imports_torch_passes_its_arrays_too(project):
    _modules(project, train=TWIN)
    _test_module(
        project, "test_prep.py",
        "import numpy as np\nimport torch\n\nfrom pkg.prep import prep\n\n\n"
        "def test_prep():\n    assert prep(np.linspace(0, 1, 5), torch.device('mps')).shape == (5,)\n",
    )
    assert [row[:5] for row in _found(project, ".") if row[0] == "prep.py"] == [
        (
            "prep.py", 5, 12, "F64003",
            "float64 NumPy array (from `np.linspace` passed for `x` by `test_prep.test_prep` at tests/test_prep.py:8) "
            "becomes a tensor in `torch.as_tensor()`; MPS has no float64",
        ),
    ]


def test_what_a_function_is_passed_is_not_what_it_returns_to_the_modules_that_import_it(project):
    _modules(
        project, use="from pkg.prep import prep\n\n\ndef again(data, device):\n    return prep(data, device).to(device)\n"
    )
    assert [row for row in _found(project) if row[0] == "use.py"] == []


def test_a_caller_made_float32_clears_the_finding_on_a_warm_run(project, monkeypatch):
    monkeypatch.setattr(cache, "RACY_NS", 0)
    store = Cache(project / ".cache")
    assert [row[:5] for row in _found(project, cache=store) if row[0] == "prep.py"] == FOUND
    assert [row[:5] for row in _found(project, cache=store) if row[0] == "prep.py"] == FOUND
    _modules(project, train=TWIN)
    assert [row for row in _found(project, cache=store) if row[0] == "prep.py"] == []


def test_a_module_name_two_files_of_the_run_share_is_handed_nothing(project):
    for folder in ("exp1", "exp2"):
        (project / folder).mkdir()
        (project / folder / "prep.py").write_text(PREP)
    (project / "exp1" / "train.py").write_text(TRAIN.replace("pkg.prep", "prep"))
    _modules(project, train=TWIN)
    # Which `prep` the import of `exp1/train.py` reads cannot be told from the run's files alone.
    assert [row for row in _found(project, ".") if row[0] == "prep.py"] == []


def test_a_module_of_no_package_is_handed_what_a_script_beside_it_passes(project):
    (project / "exp1").mkdir()
    (project / "exp1" / "prep.py").write_text(PREP)
    (project / "exp1" / "train.py").write_text(TRAIN.replace("pkg.prep", "prep"))
    _modules(project, train=TWIN)
    assert [row[1:4] for row in _found(project, "exp1") if row[0] == "prep.py"] == [
        (5, 12, "F64003"), (9, 14, "F64004"), (14, 23, "F64003"),
    ]


RUN = """\
import numpy as np
import torch

from pkg.prep import Grid, place, prep

device = "mps" if torch.backends.mps.is_available() else "cpu"
prep(np.linspace(0, 1, 5), device)
Grid(np.ones(4), device)
"""


def test_a_module_beside_the_package_that_calls_it_at_import_passes_its_arrays(project):
    # No `__main__` guard and no finding of its own: its statements are its program (`python run.py`).
    (project / "run.py").write_text(RUN)
    _modules(project, train=TWIN)
    assert [row[1:4] for row in _found(project, ".") if row[0] == "prep.py"] == [(5, 12, "F64003"), (14, 23, "F64003")]
    assert [row[0] for row in _found(project, ".")] == ["prep.py", "prep.py"]
    float32 = RUN.replace("5)", "5, dtype=np.float32)").replace("4), device", "4), 'cpu'")
    (project / "run.py").write_text(float32)
    assert [row for row in _found(project, ".") if row[0] == "prep.py"] == []


MODELS = """\
import torch


class Regressor:
    def __init__(self, device):
        self.device = device

    def fit(self, x, y=None):
        self.x = torch.tensor(x, device=self.device)
        return self

    @staticmethod
    def scale(x, device):
        return torch.from_numpy(x).to(device)

    def nested(self, x):
        def inner(x):
            return torch.as_tensor(x)
        return inner(x)
"""


def test_a_method_of_an_object_of_another_modules_class_is_handed_what_the_call_passes(project):
    _modules(
        project,
        models=MODELS,
        train=(
            "import numpy as np\n\nfrom pkg.models import Regressor\n\n\n"
            "def main(device):\n    model = Regressor(device)\n    model.fit(np.random.rand(4, 3))\n"
            "    model.scale(np.ones(3), device)\n    model.nested(np.ones(3))\n"
        ),
    )
    assert [row[:5] for row in _found(project) if row[0] == "models.py"] == [
        (
            "models.py", 9, 18, "F64003",
            "float64 NumPy array (from `np.random.rand` passed for `x` by `pkg.train.main` at pkg/train.py:8) "
            "becomes a tensor in `torch.tensor()`; MPS has no float64",
        ),
        (
            "models.py", 14, 16, "F64003",
            "float64 NumPy array (from `np.ones` passed for `x` by `pkg.train.main` at pkg/train.py:9) "
            "becomes a tensor in `torch.from_numpy()`; MPS has no float64",
        ),
    ]  # `nested` returns its tensor: what the caller does with it, it cannot see


def test_a_function_or_class_the_package_reexports_is_handed_what_a_call_by_that_name_passes(project):
    _modules(
        project,
        models=MODELS,
        __init__="from .prep import prep\nfrom .models import Regressor as Model\n",
        train=TWIN,
    )
    _test_module(
        project, "test_top.py",
        "import numpy as np\n\nimport pkg\nfrom pkg import Model\n\n\n"
        "def test_top():\n    Model('mps').fit(np.eye(3))\n    pkg.prep(np.full(3, 0.5), 'mps')\n",
    )
    assert [row[:5] for row in _found(project, ".") if row[0] in ("prep.py", "models.py")] == [
        (
            "models.py", 9, 18, "F64003",
            "float64 NumPy array (from `np.eye` passed for `x` by `test_top.test_top` at tests/test_top.py:8) "
            "becomes a tensor in `torch.tensor()`; MPS has no float64",
        ),
        (
            "prep.py", 5, 12, "F64003",
            "float64 NumPy array (from `np.full` passed for `x` by `test_top.test_top` at tests/test_top.py:9) "
            "becomes a tensor in `torch.as_tensor()`; MPS has no float64",
        ),
    ]


CALLEES = """\
import numpy as np
import torch


def on_cpu(x, device="cpu"):
    return torch.as_tensor(x).to(device)


def returned(x):
    return torch.as_tensor(x)


def scaled(x, device):
    return torch.as_tensor(x / 255).to(device)


def moved(t, device):
    return (t * 2.0).to(device)
"""
CALLS = """\
import numpy as np
import torch

from pkg.callees import moved, on_cpu, returned, scaled


def main(device):
    on_cpu(np.linspace(0, 1, 5))
    returned(np.linspace(0, 1, 5)).float().to(device)
    scaled(np.linspace(0, 255, 5), device)
    moved(torch.ones(3).double(), device)
"""


def test_only_what_may_reach_mps_in_the_function_is_found_and_no_cast_changes_what_its_other_callers_pass(project):
    _modules(
        project,
        callees=CALLEES,
        train=CALLS,
    )
    found = [row for row in _found(project) if row[0] == "callees.py"]
    assert [row[1:4] + row[5:] for row in found] == [(14, 12, "F64003", False), (18, 22, "F64004", False)]


def test_a_caller_renamed_is_named_as_it_is_now_on_a_warm_run(project):
    store = Cache(project / ".cache")
    _found(project, cache=store)
    (project / "pkg" / "train.py").rename(project / "pkg" / "train2.py")
    messages = [row[4] for row in _found(project, cache=store) if row[0] == "prep.py"]
    assert [message.split(") ")[0].split(" by ")[1] for message in messages] == [
        "`pkg.train2.main` at pkg/train2.py:9", "`pkg.train2.main` at pkg/train2.py:10",
        "`pkg.train2.main` at pkg/train2.py:11",
    ]


def test_a_notebook_that_passes_float64_is_named_by_its_cell(project):
    _modules(project, train=TWIN)
    (project / "explore.ipynb").write_text(
        notebook_text(
            markdown(["# Trying prep"]),
            code(["import numpy as np\n", "from pkg.prep import prep"]),
            code(["grid = np.linspace(0, 1, 5)\n", "x = prep(grid, 'mps')"]),
        )
    )
    assert [row[4] for row in _found(project, ".") if row[0] == "prep.py"] == [
        "float64 NumPy array (from `np.linspace` passed for `x` by `explore` at explore.ipynb:cell 3:2) becomes a "
        "tensor in `torch.as_tensor()`; MPS has no float64",
    ]


def test_a_static_or_class_method_called_on_another_modules_class_is_handed_what_it_passes(project):
    _modules(
        project,
        train=TWIN,
        grid=(
            "import torch\n\n\nclass Grid:\n    @staticmethod\n    def make(points, device):\n"
            "        return torch.as_tensor(points, device=device)\n\n"
            "    @classmethod\n    def build(cls, points, device):\n"
            "        return torch.as_tensor(points, device=device)\n"
        ),
        use=(
            "import numpy as np\n\nfrom pkg.grid import Grid\n\n\n"
            "def main(device):\n    return Grid.make(np.ones(3), device), Grid.build(np.ones(3), device)\n"
        ),
    )
    assert [row[1:4] for row in _found(project) if row[0] == "grid.py"] == [(7, 16, "F64003"), (11, 16, "F64003")]


def test_what_a_function_hands_on_of_what_another_module_passes_it_reaches_the_next(project):
    _modules(
        project,
        train=(
            "import numpy as np\n\nfrom pkg.middle import middle\n\n\n"
            "def main(device):\n    return middle(np.linspace(0, 1, 5), device)\n"
        ),
        middle="from pkg.prep import prep\n\n\ndef middle(grid, device):\n    return prep(grid, device)\n",
    )
    assert [row[:5] for row in _found(project) if row[0] == "prep.py"] == [
        (
            "prep.py", 5, 12, "F64003",
            "float64 NumPy array (from `np.linspace` passed for `x` by `pkg.middle.middle` at pkg/middle.py:5) "
            "becomes a tensor in `torch.as_tensor()`; MPS has no float64",
        ),
    ]


def test_a_device_left_none_is_the_default_device_unless_the_function_chooses_one(project):
    _modules(
        project,
        train=TWIN,
        place=(
            "import torch\n\n\ndef best():\n    return 'mps' if torch.backends.mps.is_available() else 'cpu'\n\n\n"
            "def chosen(x, device=None):\n    if device is None:\n        device = best()\n"
            "    return torch.as_tensor(x).to(device)\n\n\n"
            "def default(x, device=None):\n    return torch.as_tensor(x).to(device)\n\n\n"
            "def on_cpu(x, device=None):\n    if device is None:\n        device = 'cpu'\n"
            "    return torch.as_tensor(x).to(device)\n"
        ),
        use=(
            "import numpy as np\n\nfrom pkg.place import chosen, default, on_cpu\n\n\n"
            "def main():\n    return chosen(np.ones(3)), default(np.ones(3)), chosen(np.ones(3), device=None), "
            "on_cpu(np.ones(3))\n"
        ),
    )
    assert [row[1:4] for row in _found(project) if row[0] == "place.py"] == [(11, 12, "F64003")]


FIT = """\
import numpy as np
from scipy.optimize import minimize_scalar


def nll(t, logits):
    return float(np.mean((logits / t) ** 2))


def fit_temperature(logits):
    result = minimize_scalar(nll, bounds=(0.05, 10.0), method="bounded", args=(logits,))
    return result.x
"""
SCALED = """\
import torch
from torch import nn


class Scaled(nn.Module):
    def __init__(self, temperature):
        super().__init__()
        self.register_buffer("temperature", torch.tensor(temperature))
"""
CALIBRATE = """\
import numpy as np
import torch

from pkg.fit import fit_temperature
from pkg.scaled import Scaled


def main():
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    return Scaled(fit_temperature(np.ones((4, 3)))).to(device)
"""


def test_a_float64_result_a_function_reads_off_a_library_s_namespace_moves_with_a_module_in_a_third(
    tmp_path, monkeypatch
):
    # `minimize_scalar(...).x` is a float64 NumPy scalar (as probed): `torch.tensor` of it is
    # a float64 buffer, which the third module moves.
    twin = {"fit": FIT.replace("return result.x", "return float(result.x)")}
    assert _found_and_twin_clean(tmp_path, monkeypatch, twin, fit=FIT, scaled=SCALED, calibrate=CALIBRATE) == [
        (
            "calibrate.py", 10, 53, "F64004",
            "float64 tensor (a parameter or buffer of `Scaled`, from `torch.tensor` at pkg/scaled.py:8) moved to a "
            "device that may be 'mps'",
        ),
    ]


SCHEDULE = """\
import numpy as np


class Schedule:
    def sigmas(self, steps):
        return np.linspace(0, 1, steps)
"""
SAMPLER = """\
import torch

from pkg.schedule import Schedule


class Sampler:
    def __init__(self, schedule=None):
        self.schedule = schedule or Schedule()

    def set_steps(self, steps, device):
        self.sigmas = torch.from_numpy(self.schedule.sigmas(steps)).to(device)
"""


def test_an_object_of_another_module_s_class_a_parameter_falls_back_to_gives_what_its_methods_return(
    tmp_path, monkeypatch
):
    twin = {"schedule": SCHEDULE.replace("steps)", "steps, dtype=np.float32)")}
    found = _found_and_twin_clean(tmp_path, monkeypatch, twin, schedule=SCHEDULE, sampler=SAMPLER)
    assert [row[:4] for row in found] == [("sampler.py", 11, 23, "F64003")]


CONFIG = """\
from dataclasses import dataclass

import torch

PRECISIONS = {
    "fp32": torch.float32,
    "fp64": torch.float64,
}


@dataclass
class Config:
    precision: str = "fp64"

    @property
    def dtype(self):
        return PRECISIONS[self.precision]
"""
FIT_MODEL = """\
import torch

from pkg.config import Config


def main(device, cfg=None):
    cfg = cfg or Config()
    return torch.nn.Linear(3, 3).to(device=device, dtype=cfg.dtype)
"""


def test_a_dtype_another_module_s_property_reads_from_a_table_of_dtypes_is_known_where_it_is_used(
    tmp_path, monkeypatch
):
    twin = {"config": CONFIG.replace('precision: str = "fp64"', 'precision: str = "fp32"')}
    assert _found_and_twin_clean(tmp_path, monkeypatch, twin, config=CONFIG, fit=FIT_MODEL) == [
        (
            "fit.py", 8, 58, "F64001",
            "`cfg.dtype` (`torch.float64`, in `pkg.config.Config.dtype` at pkg/config.py:7) used as a dtype in "
            "`.to()`; MPS has no float64",
        ),
    ]


GEOMETRY = """\
import numpy as np


class LinearArray:
    def __init__(self, n=6, spacing=0.04):
        self.positions = np.arange(n) * spacing

    def steering(self, freqs):
        return np.exp(-2j * np.pi * freqs[:, None] * self.positions[None, :])
"""
BEAMFORMER = """\
import numpy as np
import torch

from pkg.geometry import LinearArray


class DelayAndSum:
    def __init__(self, array, n_fft, device):
        self.freqs = np.fft.rfftfreq(n_fft, 1 / 16000)
        self.steer = torch.from_numpy(array.steering(self.freqs)).to(device)


def main(device):
    return DelayAndSum(LinearArray(), 512, device)
"""


def test_what_another_module_s_method_makes_of_the_data_passed_it_is_read_for_an_object_a_parameter_is_given(
    tmp_path, monkeypatch
):
    # The module's own call gives `array` another module's object; its method makes complex128
    # of the float64 frequencies passed.
    twin = {"beamformer": BEAMFORMER.replace("1 / 16000)", "1 / 16000).astype(np.float32)")}
    assert _found_and_twin_clean(tmp_path, monkeypatch, twin, geometry=GEOMETRY, beamformer=BEAMFORMER) == [
        (
            "beamformer.py", 10, 22, "F64003",
            "complex128 NumPy array (from `array.steering` at line 10) becomes a tensor in `torch.from_numpy()`; "
            "MPS has no complex128",
        ),
    ]


BUFFER = """\
import numpy as np


class Buffer:
    def __init__(self, n):
        self.obs = np.zeros((n, 4))
        self.actions = np.zeros(n, dtype=np.int64)

    def sample(self, idx):
        return {"obs": self.obs[idx], "actions": self.actions[idx]}
"""
AGENT = """\
import torch


class Agent:
    def __init__(self, device):
        self.device = device

    def update(self, batch):
        return {k: torch.as_tensor(v, device=self.device) for k, v in batch.items()}
"""
LOOP = """\
import torch

from pkg.agent import Agent
from pkg.buffer import Buffer


def main():
    agent = Agent(torch.device("mps" if torch.backends.mps.is_available() else "cpu"))
    buffer = Buffer(8)
    return agent.update(buffer.sample([0, 1]))
"""


def test_a_dict_of_float64_arrays_passed_to_another_module_s_method_is_read_there_by_key(tmp_path, monkeypatch):
    twin = {"buffer": BUFFER.replace("np.zeros((n, 4))", "np.zeros((n, 4), dtype=np.float32)")}
    assert _found_and_twin_clean(tmp_path, monkeypatch, twin, buffer=BUFFER, agent=AGENT, loop=LOOP) == [
        (
            "agent.py", 9, 20, "F64003",
            "float64 NumPy array (from `buffer.sample` passed for `batch` by `pkg.loop.main` at pkg/loop.py:10) "
            "becomes a tensor in `torch.as_tensor()`; MPS has no float64",
        ),
    ]
