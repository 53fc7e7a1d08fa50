"""The project phase: float64 made in one file of the run and moved in another."""

from __future__ import annotations

import importlib
import os
import sys

import pytest

from f64lint.runner import cache, import_lookup
from f64lint.analysis.semantic import modules
from f64lint.runner.cache import Cache
from f64lint.workspace.settings import Settings
from f64lint.runner import one_file as lint_file
from f64lint.runner.run import run, run_stdin
from tests.helpers import require

UTILS = """\
import torch


def table(n):
    return torch.arange(n, dtype=torch.float64) / n


SCALE = torch.ones(3, dtype=torch.float64)
"""
MODEL = """\
from torch import nn

from . import utils
from .utils import table


class Embed(nn.Module):
    def forward(self, x):
        pos = table(x.shape[-1]).to(x.device)
        return x + pos * utils.SCALE.to(x.device)
"""


@pytest.fixture
def project(tmp_path, monkeypatch):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "utils.py").write_text(UTILS)
    (package / "model.py").write_text(MODEL)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _found(project, **kwargs):
    result = run([project / "pkg"], Settings(root=project), **kwargs)
    assert result.internal_errors == []
    return [(os.path.basename(d.path), d.start.line, d.start.column, d.code, d.message) for d in result.diagnostics]


MOVES = [
    (
        "model.py", 9, 34, "F64004",
        "float64 tensor (from `torch.arange(dtype=torch.float64)` in `pkg.utils.table` at pkg/utils.py:5) "
        "moved to a device that may be 'mps'",
    ),
    (
        "model.py", 10, 38, "F64004",
        "float64 tensor (from `torch.ones(dtype=torch.float64)` in `pkg.utils.SCALE` at pkg/utils.py:8) "
        "moved to a device that may be 'mps'",
    ),
]


def test_float64_made_in_one_file_and_moved_in_another_is_found_at_the_move(project):
    found = _found(project)
    assert [row for row in found if row[0] == "model.py"] == MOVES
    assert [row[:4] for row in found if row[0] == "utils.py"] == [("utils.py", 5, 34, "F64001"), ("utils.py", 8, 29, "F64001")]


def test_a_name_imported_from_another_module_is_found_moved_as_that_module_says(project):
    (project / "pkg" / "grid.py").write_text("from .utils import SCALE\n\n\ndef place(device):\n    return SCALE.to(device)\n")
    assert [row for row in _found(project) if row[0] == "grid.py"] == [
        (
            "grid.py", 5, 18, "F64004",
            "float64 tensor (from `torch.ones(dtype=torch.float64)` in `pkg.utils.SCALE` at pkg/utils.py:8) "
            "moved to a device that may be 'mps'",
        ),
    ]


def test_a_file_linted_alone_reads_what_the_modules_it_imports_export(project):
    # As pre-commit lints the staged files: the package's other modules are read for what
    # they export, and their own findings are not reported.
    result = run([project / "pkg" / "model.py"], Settings(root=project))
    assert result.internal_errors == []
    assert [(os.path.basename(d.path), d.start.line, d.start.column, d.code, d.message) for d in result.diagnostics] == MOVES
    assert result.checked == ["pkg/model.py"]


def test_the_same_name_from_a_module_outside_the_run_is_not_followed(project):
    (project / "pkg" / "model.py").write_text(MODEL.replace("from .utils import table", "from other.utils import table"))
    assert [row[1] for row in _found(project) if row[0] == "model.py"] == [10]


def test_a_cast_in_the_exporting_file_clears_the_importing_files_finding_on_a_warm_run(project, monkeypatch):
    monkeypatch.setattr(cache, "RACY_NS", 0)
    store = Cache(project / ".cache")
    assert [row for row in _found(project, cache=store) if row[0] == "model.py"] == MOVES
    assert [row for row in _found(project, cache=store) if row[0] == "model.py"] == MOVES
    utils = project / "pkg" / "utils.py"
    utils.write_text(UTILS.replace("/ n\n", "/ n).float()\n").replace("return torch.arange", "return (torch.arange"))
    assert [row[1] for row in _found(project, cache=store) if row[0] == "model.py"] == [10]


def test_exports_served_from_the_cache_carry_the_files_current_name(project):
    store = Cache(project / ".cache")
    _found(project, cache=store)
    (project / "pkg" / "utils.py").rename(project / "pkg" / "helpers.py")
    (project / "pkg" / "model.py").write_text(MODEL.replace("utils", "helpers"))
    messages = [row[4] for row in _found(project, cache=store) if row[0] == "model.py"]
    assert [message.split(") moved")[0] for message in messages] == [
        "float64 tensor (from `torch.arange(dtype=torch.float64)` in `pkg.helpers.table` at pkg/helpers.py:5",
        "float64 tensor (from `torch.ones(dtype=torch.float64)` in `pkg.helpers.SCALE` at pkg/helpers.py:8",
    ]


def test_a_file_is_not_linted_again_with_its_own_exports_its_package_names_again(project, monkeypatch):
    # `pkg/__init__.py` re-exports `table` and `utils.py` calls it through the package: what
    # it imports is its own, which its own analysis read; `model.py` and the `__init__` are
    # linted again with it.
    (project / "pkg" / "__init__.py").write_text("from .utils import table\n")
    (project / "pkg" / "utils.py").write_text(UTILS + "\n\nimport pkg\n\nSTEPS = pkg.table(4)\n")
    again = []
    lint_again = lint_file.lint_again

    def recording(job):
        again.append(job[0])
        return lint_again(job)

    monkeypatch.setattr(lint_file, "lint_again", recording)
    assert [row for row in _found(project) if row[0] == "model.py"] == MOVES
    assert sorted(again) == [os.path.join("pkg", "__init__.py"), os.path.join("pkg", "model.py")]


def test_a_file_linted_with_others_exports_is_served_from_the_cache_while_both_are_unchanged(project, monkeypatch):
    store = Cache(project / ".cache")
    _found(project, cache=store)

    def fail(*args, **kwargs):
        raise AssertionError("linted although cached")

    monkeypatch.setattr(lint_file, "lint_source", fail)
    assert [row for row in _found(project, cache=store) if row[0] == "model.py"] == MOVES



def test_a_warm_run_from_another_folder_names_the_exports_as_it_shows_them_without_reading_imports_again(
    project, monkeypatch,
):
    monkeypatch.setattr(cache, "RACY_NS", 0)
    store = Cache(project / ".cache")
    _found(project, cache=store)
    monkeypatch.chdir(project / "pkg")

    def fail(*args, **kwargs):
        raise AssertionError("imports read again although the files and their exports are unchanged")

    monkeypatch.setattr(import_lookup, "imported_by_each", fail)
    messages = [row[4] for row in _found(project, cache=store) if row[0] == "model.py"]
    assert [message.split(") moved")[0] for message in messages] == [
        "float64 tensor (from `torch.arange(dtype=torch.float64)` in `pkg.utils.table` at utils.py:5",
        "float64 tensor (from `torch.ones(dtype=torch.float64)` in `pkg.utils.SCALE` at utils.py:8",
    ]

TRAIN = """\
import torch

from mylab.io import load_spectra


def batch(path, device):
    spectra = load_spectra(path)
    return torch.from_numpy(spectra).to(device)


def untouched(path, device):
    return torch.from_numpy(load_spectra(path).astype("float32")).to(device)
"""


def _configured_package(tmp_path, monkeypatch, config: str, train: str) -> Settings:
    """`mylab/train.py` in a project whose `[tool.f64lint]` says `config`: its settings."""
    from f64lint.workspace.settings import load_file

    (tmp_path / "pyproject.toml").write_text(f"[tool.f64lint]\n{config}")
    package = tmp_path / "mylab"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "train.py").write_text(train)
    monkeypatch.chdir(tmp_path)
    return load_file(tmp_path / "pyproject.toml")


def test_a_function_the_configuration_names_as_float64_is_followed_where_it_is_called(tmp_path, monkeypatch):
    config = 'float64-functions = [\n    "mylab.io.load_spectra",\n]\n'
    settings = _configured_package(tmp_path, monkeypatch, config, TRAIN)
    assert settings.float64_functions == ("mylab.io.load_spectra",)

    result = run([tmp_path / "mylab"], settings)
    assert result.internal_errors == []
    assert [(os.path.basename(d.path), d.start.line, d.start.column, d.code, d.message) for d in result.diagnostics] == [
        (
            "train.py", 8, 12, "F64003",
            "float64 NumPy array (from `load_spectra()` at line 7, made in pyproject.toml:3) becomes a tensor in "
            "`torch.from_numpy()`; MPS has no float64",
        ),
    ]
    assert run([tmp_path / "mylab"], Settings(root=tmp_path)).diagnostics == []  # not declared: not known


MEMBERS = """\
import torch

from mylab.grids import COORDS
from mylab.io import Reader
from mylab.stats import Scaler


def batch(path, device):
    return torch.from_numpy(Reader(path).read()).to(device)


def centred(x, device):
    mean = torch.from_numpy(Scaler().mean_)
    return x - mean.to(device), torch.from_numpy(COORDS).to(device), torch.from_numpy(Scaler().scale_)
"""


def test_methods_and_attributes_the_configuration_names_as_float64_are_followed(tmp_path, monkeypatch):
    config = 'float64-functions = ["mylab.io:Reader.read"]\n'
    config += 'float64-attributes = ["mylab.stats:Scaler.mean_", "mylab.grids.COORDS"]\n'
    settings = _configured_package(tmp_path, monkeypatch, config, MEMBERS)

    result = run([tmp_path / "mylab"], settings)
    assert [(d.start.line, d.start.column, d.code, d.message) for d in result.diagnostics] == [
        (
            9, 12, "F64003",
            "float64 NumPy array (from `Reader.read()` at line 9, made in pyproject.toml:2) becomes a tensor in "
            "`torch.from_numpy()`; MPS has no float64",
        ),
        (
            13, 12, "F64003",
            "float64 NumPy array (from `Scaler.mean_` at line 13, made in pyproject.toml:3) becomes a tensor in "
            "`torch.from_numpy()`; MPS has no float64",
        ),
        (14, 21, "F64004", "float64 tensor (from `torch.from_numpy` at line 13) moved to a device that may be 'mps'"),
        (
            14, 33, "F64003",
            "float64 NumPy array (from `COORDS` at line 14, made in pyproject.toml:3) becomes a tensor in "
            "`torch.from_numpy()`; MPS has no float64",
        ),
    ]  # `Scaler().scale_`, not named, is not known


DATASETS = """\
import numpy as np
from torch.utils.data import Dataset


class Regression(Dataset):
    def __init__(self, n):
        self.x = np.linspace(0, 1, n * 3).reshape(n, 3).astype(np.float32)
        self.y = np.zeros((n, 1))

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


class Float32Regression(Regression):
    def __getitem__(self, i):
        return self.x[i], self.y[i].astype(np.float32)
"""
FITTING = """\
import torch
from torch.utils.data import DataLoader

from .datasets import Float32Regression, Regression


def fit(model, device, dataset_class=Regression):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in DataLoader(dataset_class(8), batch_size=4):
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x.to(device)), y.to(device)).backward()
        optimizer.step()


def fit_regression(model, device):
    for x, y in DataLoader(Regression(8), batch_size=4):
        torch.nn.functional.mse_loss(model(x.to(device)), y.to(device)).backward()


def fit_float32(model, device):
    for x, y in DataLoader(Float32Regression(8), batch_size=4):
        torch.nn.functional.mse_loss(model(x.to(device)), y.to(device)).backward()
"""


def package_in(root, monkeypatch, name, **modules):
    """A package folder of these modules (by name, their source), under `root`, which
    becomes the current folder."""
    package = root / name
    package.mkdir()
    (package / "__init__.py").write_text("")
    for module, text in modules.items():
        (package / f"{module}.py").write_text(text)
    monkeypatch.chdir(root)
    return root


def fixed_and_imported_again(root, package, module, monkeypatch):
    """The package under `root` after `--fix --unsafe-fixes`, its module imported anew (the
    modules of the package imported before are forgotten)."""
    from f64lint.runner.results import FixMode

    fixed = run([root / package], Settings(root=root, unsafe_fixes=True), fix=FixMode())
    assert fixed.fix_errors == [] and fixed.internal_errors == []
    for name in [name for name in sys.modules if name == package or name.startswith(f"{package}.")]:
        monkeypatch.delitem(sys.modules, name)
    return importlib.import_module(f"{package}.{module}")


@pytest.fixture
def loaders(tmp_path, monkeypatch):
    return package_in(tmp_path, monkeypatch, "trainer", datasets=DATASETS, train=FITTING)


def _reported(root, folder, **settings):
    """Each finding of a run over a folder: path, line, column, code, severity, message."""
    result = run([root / folder], Settings(root=root, **settings))
    assert result.internal_errors == []
    return [(d.path, d.start.line, d.start.column, d.code, d.severity.value, d.message) for d in result.diagnostics]


def test_a_dataset_of_float64_items_in_one_file_makes_float64_batches_where_another_moves_them(loaders):
    # The float32 places of the other module's datasets are not reported (F64011 reads them
    # from its summary too); a loader over a dataset class a caller chooses is.
    assert _reported(loaders, "trainer") == [(
        "trainer/train.py", 11, 46, "F64011", "warning",
        "a batch of `DataLoader(dataset_class(8), batch_size=4)` (line 9) moved to a device that may be 'mps' "
        "without a dtype: a data loader's batch keeps its dataset's dtype, and float64 (NumPy's default) crashes "
        "there; give the dtype: `.to(device, dtype=...)`",
    ), (
        "trainer/train.py", 17, 61, "F64004", "error",
        "float64 tensor (a batch of `DataLoader(Regression(8), batch_size=4)`, whose dataset "
        "`trainer.datasets.Regression` gives `np.zeros` at trainer/datasets.py:8: a DataLoader keeps NumPy's "
        "float64) moved to a device that may be 'mps'",
    )]


def test_the_batches_that_crash_on_mps_are_those_found(loaders, monkeypatch):
    torch = require("torch")
    from f64lint.testing.mps_emulation import mps_emulation

    monkeypatch.syspath_prepend(str(loaders))
    train = importlib.import_module("trainer.train")
    with mps_emulation():
        with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
            train.fit_regression(torch.nn.Linear(3, 1).to("mps"), "mps")
        train.fit_float32(torch.nn.Linear(3, 1).to("mps"), "mps")


SCHEDULE = """\
import numpy as np
import torch


class Schedule:
    def __init__(self, n=1000):
        self.sigmas = np.linspace(1.0, 0.01, n)
        self.betas = torch.linspace(0.0001, 0.02, n, dtype=torch.float64)
        self.safe = np.linspace(1.0, 0.01, n, dtype=np.float32)

    def timesteps(self):
        return torch.from_numpy(np.arange(10) / 10.0)
"""
PIPELINE = """\
import torch

from .schedule import Schedule


class Pipeline:
    def __init__(self):
        self.schedule = Schedule(50)

    def run(self, latents):
        sigma = torch.tensor(self.schedule.sigmas[0], device=latents.device)
        beta = self.schedule.betas.to(latents.device)
        kept = torch.tensor(self.schedule.safe[0], device=latents.device)
        return latents * sigma * beta[:2] * kept


def steps(device):
    schedule = Schedule()
    return schedule.timesteps().to(device)
"""


@pytest.fixture
def pipeline(tmp_path, monkeypatch):
    return package_in(tmp_path, monkeypatch, "sampling", schedule=SCHEDULE, pipeline=PIPELINE)


def test_members_of_an_object_of_a_class_another_file_defines_are_followed(pipeline):
    result = run([pipeline / "sampling" / "pipeline.py", pipeline / "sampling" / "schedule.py"], Settings(root=pipeline))
    assert [
        (d.start.line, d.start.column, d.code, d.message) for d in result.diagnostics if d.path.endswith("pipeline.py")
    ] == [
        (11, 17, "F64003", "float64 NumPy array (from `Schedule.sigmas` at line 11, made in sampling/schedule.py:7) "
         "becomes a tensor in `torch.tensor()`; MPS has no float64"),
        (12, 36, "F64004", "float64 tensor (from `torch.linspace(dtype=torch.float64)` in "
         "`sampling.schedule.Schedule.betas` at sampling/schedule.py:8) moved to a device that may be 'mps'"),
        (19, 33, "F64004", "float64 tensor (from `torch.from_numpy` in `sampling.schedule.Schedule.timesteps` at "
         "sampling/schedule.py:12) moved to a device that may be 'mps'"),
    ]


def test_those_members_crash_on_mps_before_the_fix_and_not_after(pipeline, monkeypatch):
    torch = require("torch")
    from f64lint.testing.mps_emulation import mps_emulation

    monkeypatch.syspath_prepend(str(pipeline))
    original = importlib.import_module("sampling.pipeline")
    with mps_emulation():
        latents = torch.ones(2, device="mps")
        with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
            original.Pipeline().run(latents)
        with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
            original.steps("mps")
    after = fixed_and_imported_again(pipeline, "sampling", "pipeline", monkeypatch)
    with mps_emulation():
        latents = torch.ones(2, device="mps")
        assert after.Pipeline().run(latents).device.type == "mps"
        assert after.steps("mps").dtype == torch.float32


GRIDS = """\
import numpy as np


def grid(n):
    return np.linspace(-1.0, 1.0, n)


def grid32(n):
    return np.linspace(-1.0, 1.0, n, dtype=np.float32)


class Sigmas:
    def __init__(self, n):
        self.values = np.linspace(1.0, 0.0, n)


AXIS = np.linspace(0.0, 1.0, 4)
AXIS32 = np.linspace(0.0, 1.0, 4, dtype=np.float32)
"""
RENDER = """\
import torch

from .grids import AXIS, AXIS32, Sigmas, grid, grid32


def coordinates(device):
    return torch.tensor(grid(5), device=device)


def coordinates32(device):
    return torch.tensor(grid32(5), device=device)


def noise_levels(device):
    sigmas = Sigmas(4)
    return torch.from_numpy(sigmas.values).to(device)


def axis(device):
    return torch.from_numpy(AXIS * 2.0).to(device)


def axis32(device):
    return torch.from_numpy(AXIS32 * 2.0).to(device)
"""


@pytest.fixture
def numpy_helpers(tmp_path, monkeypatch):
    return package_in(tmp_path, monkeypatch, "render", grids=GRIDS, scene=RENDER)


def test_a_numpy_module_without_a_finding_of_its_own_still_says_what_it_makes(numpy_helpers):
    assert _reported(numpy_helpers, "render") == [
        ("render/scene.py", 7, 12, "F64003", "error", "float64 NumPy array (from `grid()` at line 7, made in "
         "render/grids.py:5) becomes a tensor in `torch.tensor()`; MPS has no float64"),
        ("render/scene.py", 16, 12, "F64003", "error", "float64 NumPy array (from `Sigmas.values` at line 16, made "
         "in render/grids.py:14) becomes a tensor in `torch.from_numpy()`; MPS has no float64"),
        ("render/scene.py", 20, 12, "F64003", "error", "float64 NumPy array (from `AXIS` at line 20, made in "
         "render/grids.py:17) becomes a tensor in `torch.from_numpy()`; MPS has no float64"),
    ]


def test_what_it_makes_crashes_on_mps_before_the_fix_and_not_after(numpy_helpers, monkeypatch):
    torch = require("torch")
    from f64lint.testing.mps_emulation import mps_emulation

    monkeypatch.syspath_prepend(str(numpy_helpers))
    original = importlib.import_module("render.scene")
    with mps_emulation():
        for made in (original.coordinates, original.noise_levels, original.axis):
            with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
                made("mps")
        assert original.coordinates32("mps").dtype == torch.float32
        assert original.axis32("mps").dtype == torch.float32
    after = fixed_and_imported_again(numpy_helpers, "render", "scene", monkeypatch)
    with mps_emulation():
        assert after.coordinates("mps").dtype == torch.float32
        assert after.noise_levels("mps").dtype == torch.float32
        assert after.axis("mps").dtype == torch.float32


GEOMETRY = """\
from scipy.spatial.transform import Rotation


def yaw_matrix(yaw):
    return Rotation.from_euler("z", yaw).as_matrix()


def yaw_matrix32(yaw):
    return Rotation.from_euler("z", yaw).as_matrix().astype("float32")
"""
CLOUDS = """\
import numpy as np
import torch

from .geometry import yaw_matrix, yaw_matrix32


def turned(cloud, yaw, device):
    rotated = cloud.astype(np.float32) @ yaw_matrix(yaw).T
    return torch.from_numpy(rotated).to(device)


def turned32(cloud, yaw, device):
    rotated = cloud.astype(np.float32) @ yaw_matrix32(yaw).T
    return torch.from_numpy(rotated).to(device)
"""


@pytest.fixture
def scipy_helpers(tmp_path, monkeypatch):
    return package_in(tmp_path, monkeypatch, "lidar", geometry=GEOMETRY, clouds=CLOUDS)


def test_a_module_of_scipy_alone_says_what_it_makes(scipy_helpers):
    # It names no NumPy: the float64 it makes is SciPy's (a rotation's matrix, as probed),
    # and a float32 cloud turned by it is float64.
    assert _reported(scipy_helpers, "lidar") == [
        ("lidar/clouds.py", 9, 12, "F64003", "error", "float64 NumPy array (from `yaw_matrix()` at line 8, made in "
         "lidar/geometry.py:5) becomes a tensor in `torch.from_numpy()`; MPS has no float64"),
    ]


def test_what_a_scipy_module_makes_crashes_on_mps_before_the_fix_and_not_after(scipy_helpers, monkeypatch):
    torch = require("torch")
    np = require("numpy")
    require("scipy")
    from f64lint.testing.mps_emulation import mps_emulation

    monkeypatch.syspath_prepend(str(scipy_helpers))
    cloud = np.ones((4, 3))
    original = importlib.import_module("lidar.clouds")
    with mps_emulation():
        with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
            original.turned(cloud, 0.5, "mps")
        assert original.turned32(cloud, 0.5, "mps").dtype == torch.float32
    after = fixed_and_imported_again(scipy_helpers, "lidar", "clouds", monkeypatch)
    with mps_emulation():
        assert after.turned(cloud, 0.5, "mps").dtype == torch.float32


BUFFERS = """\
import numpy as np


class ReplayBuffer:
    def __init__(self, capacity):
        self.obs = np.zeros((capacity, 2))
        self.obs32 = np.zeros((capacity, 2), dtype=np.float32)

    def sample(self, idx):
        return self.obs[idx]

    def sample32(self, idx):
        return self.obs32[idx]
"""
LEARNER = """\
import torch

from .buffer import ReplayBuffer


def batch(device):
    buffer = ReplayBuffer(8)
    return torch.as_tensor(buffer.sample([0, 1]), device=device)


def batch32(device):
    buffer = ReplayBuffer(8)
    return torch.as_tensor(buffer.sample32([0, 1]), device=device)
"""


def test_a_method_of_another_module_that_reads_what_its_class_made_gives_it(tmp_path, monkeypatch):
    # `sample()` makes no array itself: it reads the one `__init__` made (its module has no
    # finding, and its summary is read from the methods that can give float64).
    root = package_in(tmp_path, monkeypatch, "rl", buffer=BUFFERS, learner=LEARNER)
    assert _reported(root, "rl") == [
        ("rl/learner.py", 8, 12, "F64003", "error", "float64 NumPy array (from `ReplayBuffer.sample()` at line 8, "
         "made in rl/buffer.py:6) becomes a tensor in `torch.as_tensor()`; MPS has no float64"),
    ]


SAMPLES = """\
import numpy as np


class Memory:
    def __init__(self, capacity):
        self.obs = np.zeros((capacity, 2))
        self.reward = np.zeros(capacity, dtype=np.float32)

    def sample(self, idx):
        return {"obs": self.obs[idx], "reward": self.reward[idx]}

    def pair(self, idx):
        return self.obs[idx], self.reward[idx]
"""
AGENT = """\
import torch

from .memory import Memory


def batch(device):
    memory = Memory(8)
    return {k: torch.as_tensor(v, device=device) for k, v in memory.sample([0, 1]).items()}


def rewards(device):
    memory = Memory(8)
    return torch.as_tensor(memory.sample([0, 1])["reward"], device=device)


def observations(device):
    obs, reward = Memory(8).pair([0, 1])
    return torch.as_tensor(obs, device=device), torch.as_tensor(reward, device=device)
"""


@pytest.fixture
def replay(tmp_path, monkeypatch):
    return package_in(tmp_path, monkeypatch, "rl", memory=SAMPLES, agent=AGENT)


def test_a_dict_or_tuple_another_module_s_method_returns_holds_its_float64_by_key_and_place(replay):
    # Each value of the dict the loop makes a tensor of may be the float64 one; the float32
    # value at its key, and the float32 part of the tuple, are not reported.
    assert [(path, line, column, code) for path, line, column, code, _, _ in _reported(replay, "rl")] == [
        ("rl/agent.py", 8, 16, "F64003"),
        ("rl/agent.py", 18, 12, "F64003"),
    ]


def test_those_values_crash_on_mps_before_the_fix_and_not_after(replay, monkeypatch):
    torch = require("torch")
    from f64lint.testing.mps_emulation import mps_emulation

    monkeypatch.syspath_prepend(str(replay))
    original = importlib.import_module("rl.agent")
    with mps_emulation():
        for made in (original.batch, original.observations):
            with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
                made("mps")
        assert original.rewards("mps").dtype == torch.float32
    after = fixed_and_imported_again(replay, "rl", "agent", monkeypatch)
    with mps_emulation():
        assert after.batch("mps")["obs"].dtype == torch.float32
        assert after.observations("mps")[0].dtype == torch.float32


BATCHING = """\
import numpy as np


def minibatches(x, y, size):
    order = np.random.default_rng(0).permutation(len(x))
    for start in range(0, len(x), size):
        idx = order[start:start + size]
        yield x[idx], y[idx]


def scaled(x, factor=2.0):
    return {"x": x * factor, "n": len(x)}


class Window:
    def first(self, x, n=2):
        return x[:n]
"""
FITTING_BATCHES = """\
import numpy as np
import torch

from .batching import Window, minibatches, scaled


def batches(device):
    x = np.random.default_rng(0).normal(size=(8, 2))
    y = np.zeros(8, dtype=np.float32)
    out = []
    for xb, yb in minibatches(x, y, 4):
        out.append(torch.as_tensor(xb, device=device))
        out.append(torch.as_tensor(yb, device=device))
    return out


def features(device):
    return torch.as_tensor(scaled(np.linspace(0, 1, 8))["x"], device=device)


def narrow(device):
    return torch.as_tensor(scaled(np.linspace(0, 1, 8, dtype=np.float32))["x"], device=device)


def head(device):
    return torch.as_tensor(Window().first(np.ones(3)), device=device)
"""


@pytest.fixture
def batching(tmp_path, monkeypatch):
    return package_in(tmp_path, monkeypatch, "fitting", batching=BATCHING, train=FITTING_BATCHES)


def test_what_another_module_s_function_gives_back_of_float64_data_passed_to_it_is_float64(batching):
    # The generator's items, the dict's value and the method's slice follow what each call
    # passes: the float32 part and the float32 array passed stay clean.
    made = "float64 NumPy array (from `{}` at line {}) becomes a tensor in `torch.as_tensor()`; MPS has no float64"
    assert _reported(batching, "fitting") == [
        ("fitting/train.py", 12, 20, "F64003", "error", made.format("Generator.normal", 8)),
        ("fitting/train.py", 18, 12, "F64003", "error", made.format("np.linspace", 18)),
        ("fitting/train.py", 26, 12, "F64003", "error", made.format("np.ones", 26)),
    ]


def test_those_values_given_back_crash_on_mps_before_the_fix_and_not_after(batching, monkeypatch):
    torch = require("torch")
    from f64lint.testing.mps_emulation import mps_emulation

    monkeypatch.syspath_prepend(str(batching))
    original = importlib.import_module("fitting.train")
    with mps_emulation():
        for made in (original.batches, original.features, original.head):
            with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
                made("mps")
        assert original.narrow("mps").dtype == torch.float32
    after = fixed_and_imported_again(batching, "fitting", "train", monkeypatch)
    with mps_emulation():
        assert {t.dtype for t in after.batches("mps")} == {torch.float32}
        assert after.features("mps").dtype == torch.float32
        assert after.head("mps").dtype == torch.float32


CONFIGS = """\
import json
from dataclasses import dataclass

import torch


@dataclass
class RunConfig:
    precision: str = "float64"
    device: str = "cpu"

    @property
    def torch_dtype(self):
        return getattr(torch, self.precision)

    @classmethod
    def from_json(cls, text):
        return cls(**json.loads(text))


@dataclass
class NarrowConfig:
    precision: str = "float32"

    @property
    def torch_dtype(self):
        return getattr(torch, self.precision)

    @classmethod
    def from_json(cls, text):
        return cls(**json.loads(text))


def load(text):
    return RunConfig(**json.loads(text))
"""
RUNNING = """\
import torch

from .configs import NarrowConfig, RunConfig, load


def times(device):
    cfg = RunConfig.from_json("{}")
    return torch.linspace(0, 1, 8, device=device, dtype=cfg.torch_dtype)


def loaded(device):
    return torch.zeros(3, device=device, dtype=load("{}").torch_dtype)


def narrow(device):
    cfg = NarrowConfig.from_json("{}")
    return torch.linspace(0, 1, 8, device=device, dtype=cfg.torch_dtype)
"""


@pytest.fixture
def configured(tmp_path, monkeypatch):
    return package_in(tmp_path, monkeypatch, "running", configs=CONFIGS, run=RUNNING)


def test_a_dtype_another_module_s_property_gives_of_an_object_a_constructor_makes_is_float64(configured):
    # `getattr(torch, self.precision)` of a field "float64", read on what a classmethod or
    # a function of the other module makes; the config whose field says float32 is clean.
    made = (
        "`{}` (`'float64'`, in `running.configs.RunConfig.torch_dtype` at running/configs.py:9) used as a dtype in "
        "`{}` means float64; MPS has no float64"
    )
    assert _reported(configured, "running") == [
        ("running/run.py", 8, 57, "F64008", "error", made.format("cfg.torch_dtype", "torch.linspace()")),
        ("running/run.py", 12, 48, "F64008", "error", made.format('load("{}").torch_dtype', "torch.zeros()")),
    ]


def test_that_dtype_crashes_on_mps(configured, monkeypatch):
    torch = require("torch")
    from f64lint.testing.mps_emulation import mps_emulation

    monkeypatch.syspath_prepend(str(configured))
    run_module = importlib.import_module("running.run")
    with mps_emulation():
        for made in (run_module.times, run_module.loaded):
            with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
                made("mps")
        assert run_module.narrow("mps").dtype == torch.float32


SETTINGS = """\
import json
from dataclasses import dataclass


@dataclass
class Settings:
    precision: str = "float64"
    device: str = "cpu"

    @classmethod
    def load(cls, text):
        return cls(**json.loads(text))


@dataclass
class NarrowSettings:
    precision: str = "float32"
    device: str = "cpu"
"""
SIMULATING = """\
import torch


def simulate(cfg, n):
    return torch.randn(n, dtype=getattr(torch, cfg.precision), device=cfg.device)


def simulate_narrow(cfg, n):
    return torch.randn(n, dtype=getattr(torch, cfg.precision), device=cfg.device)
"""
DRIVING = """\
from .settings import NarrowSettings, Settings
from .simulating import simulate, simulate_narrow


def main(device):
    cfg = Settings.load("{}")
    cfg.device = device
    return simulate(cfg, 4), simulate_narrow(NarrowSettings(device=device), 4)
"""


@pytest.fixture
def simulation(tmp_path, monkeypatch):
    return package_in(tmp_path, monkeypatch, "sim", settings=SETTINGS, simulating=SIMULATING, driving=DRIVING)


def test_an_object_of_another_module_s_class_passed_to_a_third_s_function_has_that_class_s_members(simulation):
    # `simulate(cfg)` is handed a `Settings`, whose field says float64; what reads it as a
    # torch dtype is float64. The function handed a `NarrowSettings` (float32) is clean.
    assert _reported(simulation, "sim") == [(
        "sim/simulating.py", 5, 33, "F64008", "error",
        "`getattr(torch, cfg.precision)` (`'float64'`, in `sim.settings.Settings.precision` at sim/settings.py:7) "
        "used as a dtype in `torch.randn()` means float64; MPS has no float64",
    )]


def test_that_object_s_dtype_crashes_on_mps(simulation, monkeypatch):
    torch = require("torch")
    from f64lint.testing.mps_emulation import mps_emulation

    monkeypatch.syspath_prepend(str(simulation))
    driving = importlib.import_module("sim.driving")
    simulating = importlib.import_module("sim.simulating")
    settings = importlib.import_module("sim.settings")
    with mps_emulation():
        with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
            driving.main("mps")
        assert simulating.simulate_narrow(settings.NarrowSettings(device="mps"), 4).dtype == torch.float32


WEIGHTING = """\
import numpy as np


def class_weights(labels, n, power=0.5):
    counts = np.bincount(labels, minlength=n)
    return 1.0 / np.maximum(counts, 1) ** power
"""
LOSSES = """\
import torch
import torch.nn as nn


class FocalLoss(nn.Module):
    def __init__(self, alpha, gamma=2.0):
        super().__init__()
        self.gamma = gamma
        self.register_buffer("alpha", torch.as_tensor(alpha))
"""
CRITERIA = """\
import numpy as np

from .losses import FocalLoss
from .weighting import class_weights


def criterion(labels, device):
    return FocalLoss(class_weights(labels, 4)).to(device)


def narrow_criterion(labels, device):
    weights = class_weights(labels, 4).astype(np.float32)
    loss = FocalLoss(weights)
    return loss.to(device)
"""


@pytest.fixture
def weighted(tmp_path, monkeypatch):
    return package_in(tmp_path, monkeypatch, "focal", weighting=WEIGHTING, losses=LOSSES, criteria=CRITERIA)


def test_a_class_of_another_module_keeps_the_float64_data_its_maker_passes_as_a_buffer(weighted):
    # The buffer is float64 where the call that makes the loss passes float64 weights, and
    # float32 where it passes float32 ones.
    assert _reported(weighted, "focal") == [(
        "focal/criteria.py", 8, 48, "F64004", "error",
        "float64 tensor (a parameter or buffer of `FocalLoss`, from `torch.as_tensor` at focal/losses.py:9) moved "
        "to a device that may be 'mps'",
    )]


def test_that_buffer_crashes_on_mps(weighted, monkeypatch):
    torch = require("torch")
    from f64lint.testing.mps_emulation import mps_emulation

    monkeypatch.syspath_prepend(str(weighted))
    criteria = importlib.import_module("focal.criteria")
    labels = __import__("numpy").array([0, 1, 1, 3])
    with mps_emulation():
        with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
            criteria.criterion(labels, "mps")
        assert criteria.narrow_criterion(labels, "mps").alpha.dtype == torch.float32


FITTING_OBJECTS = """\
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler


def fit_scaler(x):
    return StandardScaler().fit(x)


def fit_teacher(x, y):
    return RandomForestClassifier(n_estimators=4, random_state=0).fit(x, y)


def fit_linear(x, y):
    return LogisticRegression().fit(x, y)


def soft_labels(teacher, x):
    return teacher.predict_proba(x)
"""
STANDARDIZING = """\
import numpy as np
import torch
import torch.nn as nn


class Standardize(nn.Module):
    def __init__(self, scaler):
        super().__init__()
        self.register_buffer("mean", torch.from_numpy(scaler.mean_))


class NarrowStandardize(nn.Module):
    def __init__(self, scaler):
        super().__init__()
        self.register_buffer("mean", torch.from_numpy(scaler.mean_.astype(np.float32)))
"""
DISTILLING = """\
import torch

from .objects import fit_linear, fit_scaler, fit_teacher, soft_labels
from .standardizing import NarrowStandardize, Standardize


def standardize(x, device):
    return Standardize(fit_scaler(x)).to(device)


def narrow(x, device):
    return NarrowStandardize(fit_scaler(x)).to(device)


def targets(x, y, device):
    teacher = fit_teacher(x, y)
    return torch.from_numpy(soft_labels(teacher, x)).to(device)


def linear_targets(x, y, device):
    return torch.from_numpy(soft_labels(fit_linear(x, y), x)).to(device)
"""


@pytest.fixture
def fitted(tmp_path, monkeypatch):
    modules = {"objects": FITTING_OBJECTS, "standardizing": STANDARDIZING, "distilling": DISTILLING}
    return package_in(tmp_path, monkeypatch, "fitted", **modules)


def test_a_library_object_another_module_returns_and_a_third_keeps_is_read_by_its_class(fitted):
    # `fit_scaler(x)` is a StandardScaler, whose `mean_` is float64 whatever it was fitted on:
    # the buffer a module of another file keeps of it moves with the module, and a
    # forest's `predict_proba` another module reads of it is float64 too; the buffer cast
    # to float32 is clean, and so are the probabilities of a linear model fitted on float32
    # data (of its data's dtype, as probed).
    assert [(path, line, code, severity) for path, line, _, code, severity, _ in _reported(fitted, "fitted")] == [
        ("fitted/distilling.py", 8, "F64004", "error"),
        ("fitted/distilling.py", 17, "F64003", "error"),
        ("fitted/standardizing.py", 9, "F64003", "warning"),
    ]


def test_those_library_objects_values_crash_on_mps(fitted, monkeypatch):
    torch = require("torch")
    require("sklearn")
    np = require("numpy")
    from f64lint.testing.mps_emulation import mps_emulation

    monkeypatch.syspath_prepend(str(fitted))
    distilling = importlib.import_module("fitted.distilling")
    x = np.random.default_rng(0).normal(size=(8, 3)).astype(np.float32)
    y = np.array([0, 1] * 4)
    with mps_emulation():
        for made in (lambda: distilling.standardize(x, "mps"), lambda: distilling.targets(x, y, "mps")):
            with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
                made()
        assert distilling.narrow(x, "mps").mean.dtype == torch.float32
        assert distilling.linear_targets(x, y, "mps").dtype == torch.float32


ROWS = """\
import numpy as np
import torch
from torch.utils.data import Dataset


class Rows(Dataset):
    def __init__(self, n):
        self.x = np.random.default_rng(0).normal(size=(n, 3)).astype(np.float32)
        self.y = np.random.default_rng(0).integers(0, 2, n)

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return {"x": torch.from_numpy(self.x[i]), "label": float(self.y[i]), "index": i}
"""
STEPPING = """\
from torch.utils.data import DataLoader

from .rows import Rows


def labels(device):
    moved = []
    for batch in DataLoader(Rows(8), batch_size=4):
        moved.append(batch["label"].to(device))
    return moved


def indices(device):
    moved = []
    for batch in DataLoader(Rows(8), batch_size=4):
        moved.append(batch["index"].to(device))
    return moved
"""


@pytest.fixture
def rows(tmp_path, monkeypatch):
    return package_in(tmp_path, monkeypatch, "rows", rows=ROWS, stepping=STEPPING)


def test_the_value_at_a_key_of_another_module_s_dataset_items_is_collated_float64(rows):
    # A Python float at "label" is collated to a float64 tensor; the integer index to int64.
    assert _reported(rows, "rows") == [(
        "rows/stepping.py", 9, 37, "F64004", "error",
        "float64 tensor (a batch of `DataLoader(Rows(8), batch_size=4)` at line 8) moved to a device that may be 'mps'",
    )]


def test_a_float32_value_at_a_key_of_another_module_s_dataset_items_shows_its_dtype(rows):
    # `torch.from_numpy(self.x[i])` of a float32 array on every item: no batch of unseen dtype.
    (rows / "rows" / "features.py").write_text(
        "from torch.utils.data import DataLoader\n\nfrom .rows import Rows\n\n\ndef features(device):\n"
        "    moved = []\n    for batch in DataLoader(Rows(8), batch_size=4):\n"
        "        moved.append(batch[\"x\"].to(device))\n    return moved\n"
    )
    assert [row[:4] for row in _reported(rows, "rows")] == [("rows/stepping.py", 9, 37, "F64004")]


def test_that_batch_crashes_on_mps(rows, monkeypatch):
    torch = require("torch")
    require("numpy")
    from f64lint.testing.mps_emulation import mps_emulation

    monkeypatch.syspath_prepend(str(rows))
    stepping = importlib.import_module("rows.stepping")
    with mps_emulation():
        with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
            stepping.labels("mps")
        assert {t.dtype for t in stepping.indices("mps")} == {torch.int64}


ROLLOUT = """\
import numpy as np


class Walk:
    def reset(self):
        self.pos = 0.0

    def step(self):
        self.pos += 0.5
        return -abs(1.0 - self.pos)


class NarrowWalk:
    def reset(self):
        self.pos = np.float32(0.0)

    def step(self):
        self.pos += np.float32(0.5)
        return -abs(np.float32(1.0) - self.pos)


def collect(env, n):
    env.reset()
    rewards = np.array([env.step() for _ in range(n)])
    return {"adv": rewards - rewards.mean(), "steps": np.arange(n)}


def collect_narrow(env, n):
    env.reset()
    rewards = np.array([env.step() for _ in range(n)])
    return {"adv": rewards - rewards.mean(), "steps": np.arange(n)}
"""
TRAINING = """\
import torch

from walks.rollout import NarrowWalk, Walk, collect, collect_narrow


def main(device):
    env = Walk()
    batch = collect(env, 8)
    adv = torch.as_tensor(batch["adv"], device=device)
    narrow = collect_narrow(NarrowWalk(), 8)
    return adv, torch.as_tensor(narrow["adv"], device=device), torch.as_tensor(batch["steps"], device=device)


if __name__ == "__main__":
    main("mps" if torch.backends.mps.is_available() else "cpu")
"""


@pytest.fixture
def rollouts(tmp_path, monkeypatch):
    return package_in(tmp_path, monkeypatch, "walks", rollout=ROLLOUT, training=TRAINING)


def test_an_object_of_the_callee_module_s_own_class_passed_back_to_it_decides_what_it_returns(rollouts):
    # The program hands `collect` a `Walk` of the function's own module, whose Python-float
    # rewards make a float64 array; `collect_narrow` handed a `NarrowWalk` (NumPy float32
    # rewards) gives float32, and the int64 steps stay clean.
    assert _reported(rollouts, "walks") == [(
        "walks/training.py", 9, 11, "F64003", "error",
        "float64 NumPy array (from `collect` at line 8) becomes a tensor in `torch.as_tensor()`; "
        "MPS has no float64",
    )]


def test_that_object_s_rewards_crash_on_mps(rollouts, monkeypatch):
    torch = require("torch")
    from f64lint.testing.mps_emulation import mps_emulation

    monkeypatch.syspath_prepend(str(rollouts))
    training = importlib.import_module("walks.training")
    rollout = importlib.import_module("walks.rollout")
    with mps_emulation():
        with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
            training.main("mps")
        narrow = rollout.collect_narrow(rollout.NarrowWalk(), 8)
        assert torch.as_tensor(narrow["adv"], device="mps").dtype == torch.float32


BASIS_FITTED = """\
from sklearn.decomposition import PCA


def fit_basis(patches, k=4):
    pca = PCA(n_components=k)
    pca.fit(patches)
    return pca.components_
"""
BASIS_ENCODER = """\
import torch
import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, components):
        super().__init__()
        self.proj = nn.Parameter(torch.from_numpy(components))

    def forward(self, x):
        return x @ self.proj.T
"""
BASIS_PROGRAM = """\
import numpy as np
import torch

from basis.decomposition import fit_basis
from basis.model import Encoder


def main(device):
    patches = np.random.default_rng(0).random((40, 16))
    model = Encoder(fit_basis(patches))
    model.to(device)
    narrow = Encoder(fit_basis(patches.astype(np.float32)))
    narrow.to(device)
    return model, narrow


if __name__ == "__main__":
    main("mps" if torch.backends.mps.is_available() else "cpu")
"""


@pytest.fixture
def bases(tmp_path, monkeypatch):
    return package_in(tmp_path, monkeypatch, "basis", decomposition=BASIS_FITTED, model=BASIS_ENCODER, training=BASIS_PROGRAM)


def test_what_a_function_gives_back_of_what_it_was_passed_is_passed_on_to_a_third_module(bases):
    # Three steps across three modules: the program passes `fit_basis` float64 patches, the
    # basis it gives back (a PCA fitted on them) is passed to `Encoder`, which keeps it as a
    # parameter, and the program moves the encoder. The encoder made of the basis fitted on
    # float32 patches stays clean.
    assert _reported(bases, "basis") == [(
        "basis/training.py", 11, 11, "F64004", "error",
        "float64 tensor (a parameter or buffer of `Encoder`, from `torch.from_numpy` at basis/model.py:8) "
        "moved to a device that may be 'mps'",
    )]


def test_that_encoder_crashes_on_mps(bases, monkeypatch):
    require("torch")
    from f64lint.testing.mps_emulation import mps_emulation

    monkeypatch.syspath_prepend(str(bases))
    training = importlib.import_module("basis.training")
    with mps_emulation():
        with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
            training.main("mps")


FIELD_CONFIG = """\
from dataclasses import dataclass, field

import numpy as np


@dataclass
class SimConfig:
    dt: float = 0.01
    gravity: np.ndarray = field(default_factory=lambda: np.array([0.0, 0.0, -9.81]))


@dataclass
class NarrowConfig:
    dt: float = 0.01
    gravity: np.ndarray = field(default_factory=lambda: np.array([0.0, 0.0, -9.81], dtype=np.float32))
"""
FIELD_READER = """\
import torch


class Integrator:
    def __init__(self, cfg, device):
        self.g = torch.as_tensor(cfg.gravity, device=device)


class NarrowIntegrator:
    def __init__(self, cfg, device):
        self.g = torch.as_tensor(cfg.gravity, device=device)
"""
FIELD_PROGRAM = """\
import torch

from nbody.config import NarrowConfig, SimConfig
from nbody.sim import Integrator, NarrowIntegrator


def main(device):
    return Integrator(SimConfig(), device), NarrowIntegrator(NarrowConfig(), device)


if __name__ == "__main__":
    main("mps" if torch.backends.mps.is_available() else "cpu")
"""


@pytest.fixture
def field_defaults(tmp_path, monkeypatch):
    return package_in(tmp_path, monkeypatch, "nbody", config=FIELD_CONFIG, sim=FIELD_READER, run=FIELD_PROGRAM)


def test_a_dataclass_field_s_default_is_read_on_its_objects_in_another_module(field_defaults):
    # The program hands `Integrator` a `SimConfig`, whose field's factory makes a float64
    # array; the integrator handed a `NarrowConfig` (float32) is clean.
    assert _reported(field_defaults, "nbody") == [(
        "nbody/sim.py", 6, 18, "F64003", "error",
        "float64 NumPy array (from `SimConfig.gravity` at line 6, made in nbody/config.py:9) becomes a tensor in "
        "`torch.as_tensor()`; MPS has no float64",
    )]


def test_that_field_crashes_on_mps(field_defaults, monkeypatch):
    require("torch")
    from f64lint.testing.mps_emulation import mps_emulation

    monkeypatch.syspath_prepend(str(field_defaults))
    run_module = importlib.import_module("nbody.run")
    with mps_emulation():
        with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
            run_module.main("mps")
        sim, config = importlib.import_module("nbody.sim"), importlib.import_module("nbody.config")
        sim.NarrowIntegrator(config.NarrowConfig(), "mps")


CLEAN_ACROSS_FILES = {
    "a member the importing module sets again": {
        "pkg/schedule.py": "import numpy as np\n\n\nclass Schedule:\n    def __init__(self):\n"
                           "        self.sigmas = np.linspace(1.0, 0.0, 5)\n",
        "pkg/run.py": "import numpy as np\nimport torch\n\nfrom .schedule import Schedule\n\n\ndef run(device):\n"
                      "    s = Schedule()\n    s.sigmas = s.sigmas.astype(np.float32)\n"
                      "    return torch.from_numpy(s.sigmas).to(device)\n",
    },
    "a definition that a later one of the same name replaces": {
        "pkg/grids.py": "import numpy as np\n\n\ndef grid(n):\n    return np.linspace(-1.0, 1.0, n)\n\n\n"
                        "def grid(n):\n    return np.linspace(-1.0, 1.0, n, dtype=np.float32)\n",
        "pkg/run.py": "import torch\n\nfrom .grids import grid\n\n\ndef run(device):\n"
                      "    return torch.tensor(grid(3), device=device)\n",
    },
    "two top-level modules of one name": {
        "exp1/utils.py": "import numpy as np\n\n\ndef grid(n):\n    return np.linspace(-1.0, 1.0, n)\n",
        "exp2/utils.py": "import numpy as np\n\n\ndef grid(n):\n    return np.linspace(-1.0, 1.0, n, dtype=np.float32)\n",
        "exp2/train.py": "import torch\n\nfrom utils import grid\n\n\ndef run(device):\n"
                         "    return torch.tensor(grid(3), device=device)\n",
    },
    "a loader with its own collate": {
        "pkg/data.py": "import numpy as np\nfrom torch.utils.data import Dataset\n\n\nclass Points(Dataset):\n"
                       "    def __init__(self):\n        self.x = np.random.rand(8, 3)\n\n    def __len__(self):\n"
                       "        return 8\n\n    def __getitem__(self, i):\n        return self.x[i]\n",
        "pkg/run.py": "import numpy as np\nimport torch\nfrom torch.utils.data import DataLoader\n\nfrom .data import Points\n"
                      "\n\ndef collate(items):\n    return torch.tensor(np.stack(items), dtype=torch.float32)\n\n\n"
                      "def fit(device):\n    for x in DataLoader(Points(), batch_size=4, collate_fn=collate):\n"
                      "        x = x.to(device)\n",
    },
    "an item whose places a starred part hides": {
        "pkg/data.py": "import numpy as np\nfrom torch.utils.data import Dataset\n\n\nclass Star(Dataset):\n"
                       "    def __init__(self):\n        self.x = np.zeros((4, 2))\n        self.ids = [1, 2]\n\n"
                       "    def __len__(self):\n        return 4\n\n    def __getitem__(self, i):\n"
                       "        return (*self.ids, self.x[i])\n",
        "pkg/run.py": "from torch.utils.data import DataLoader\n\nfrom .data import Star\n\n\ndef first(device):\n"
                      "    for a, b, c in DataLoader(Star(), batch_size=2):\n        return b.to(device)\n",
    },
}


@pytest.mark.parametrize("case", sorted(CLEAN_ACROSS_FILES))
def test_what_the_importing_module_or_the_run_makes_float32_is_not_reported(case, tmp_path, monkeypatch):
    for name, text in CLEAN_ACROSS_FILES[case].items():
        path = tmp_path / name
        path.parent.mkdir(exist_ok=True)
        if path.parent.name == "pkg":
            (path.parent / "__init__.py").write_text("")
        path.write_text(text)
    monkeypatch.chdir(tmp_path)
    # F64011 reports a batch at a place the dataset's items hide (`(*ids, x)`): not known.
    ignore = ("F64011",) if case == "an item whose places a starred part hides" else ()
    result = run([tmp_path], Settings(root=tmp_path, ignore=ignore))
    assert result.internal_errors == []
    assert [(d.path, d.start.line, d.code) for d in result.diagnostics] == []


def test_a_file_served_from_the_stamp_index_exports_under_its_current_module_name(tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "RACY_NS", 0)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "emb.py").write_text("import torch\n\n\ndef table(n):\n    return torch.arange(n, dtype=torch.float64)\n")
    (tmp_path / "lib" / "model.py").write_text("from lib.emb import table\n\n\ndef build(device):\n    return table(4).to(device)\n")
    store = Cache(tmp_path / ".cache")
    moves = lambda: [d.path for d in run([tmp_path / "lib"], Settings(root=tmp_path), cache=store).diagnostics if d.code == "F64004"]  # noqa: E731
    assert moves() == [] and moves() == []  # `emb`, not `lib.emb`: a folder without `__init__.py` is no package
    (tmp_path / "lib" / "__init__.py").write_text("")
    modules._packages.cache_clear()  # each command-line run is a process of its own
    assert moves() == ["lib/model.py"]


def test_a_subclass_of_a_class_another_file_defines_inherits_the_members_it_leaves_alone(tmp_path, monkeypatch):
    base = "import numpy as np\n\n\nclass Schedule:\n    def __init__(self, n=10):\n" \
           "        self.sigmas = np.linspace(1.0, 0.0, n)\n        self.betas = np.linspace(0.1, 0.2, n)\n"
    use = "import numpy as np\nimport torch\n\nfrom .base import Schedule\n\n\nclass Karras(Schedule):\n" \
          "    def __init__(self):\n        super().__init__(5)\n        self.betas = np.linspace(0.1, 0.2, 5, dtype=np.float32)\n" \
          "\n\ndef run(device):\n    k = Karras()\n" \
          "    return torch.from_numpy(k.sigmas).to(device), torch.from_numpy(k.betas).to(device)\n"
    root = package_in(tmp_path, monkeypatch, "sched", base=base, use=use)
    assert [row[:5] for row in _reported(root, "sched")] == [("sched/use.py", 15, 12, "F64003", "error")]


def test_an_object_another_file_s_class_declares_holds_what_that_module_says(tmp_path, monkeypatch):
    # `grid: Grid` holds a Grid: its attribute and its property are float64 as grids.py
    # says; a float32 grid's are not.
    grids = "import numpy as np\n\n\nclass Grid:\n    def __init__(self, n):\n" \
            "        self.coords = np.linspace(0, 1, n)\n\n    @property\n    def spacing(self):\n" \
            "        return np.diff(self.coords)\n\n\nclass NarrowGrid:\n    def __init__(self, n):\n" \
            "        self.coords = np.linspace(0, 1, n, dtype=np.float32)\n"
    ops = "import torch\n\nfrom .grids import Grid, NarrowGrid\n\n\n" \
          "def buffers(grid: Grid, narrow: NarrowGrid, device):\n" \
          "    return torch.from_numpy(grid.coords).to(device), torch.from_numpy(grid.spacing).to(device), " \
          "torch.from_numpy(narrow.coords).to(device)\n"
    root = package_in(tmp_path, monkeypatch, "pde", grids=grids, ops=ops)
    assert [row[:5] for row in _reported(root, "pde")] == [
        ("pde/ops.py", 7, 12, "F64003", "error"), ("pde/ops.py", 7, 54, "F64003", "error"),
    ]


def test_a_place_of_another_module_s_dataset_is_seen_only_when_its_dtype_shows(tmp_path, monkeypatch):
    # `self.w` comes from a helper that reads a file: not a dtype the dataset shows, though
    # the helper makes no NumPy float64 that the summary of a module without findings reads.
    package_in(tmp_path, monkeypatch, "pkg", data=(
        "import numpy as np\nimport torch\n\n\ndef load():\n    return np.load(\"w.npy\")\n\n\n"
        "class Points(torch.utils.data.Dataset):\n    def __init__(self):\n"
        "        self.a = np.zeros((100, 3), dtype=np.float32)\n        self.w = load()\n\n"
        "    def __getitem__(self, i):\n        return self.a[i], self.w[i]\n"
    ), train=(
        "import torch\nfrom torch.utils.data import DataLoader\n\nfrom .data import Points\n\n\n"
        "def train(model, device):\n    for a, w in DataLoader(Points(), batch_size=4):\n"
        "        model(a.to(device), w.to(device))\n"
    ))
    assert [(path, line, column, code) for path, line, column, code, _, _ in _reported(tmp_path, "pkg")] == [
        ("pkg/train.py", 9, 31, "F64011"),
    ]


def test_a_dataset_of_another_module_that_keeps_what_it_is_given_shows_no_dtype(tmp_path, monkeypatch):
    # `self.x = x` is whatever a caller passes (a frame's values): not a dtype shown.
    package_in(tmp_path, monkeypatch, "pkg", data=(
        "import numpy as np\nimport torch\n\n\nclass ArrayDataset(torch.utils.data.Dataset):\n"
        "    def __init__(self, x, y):\n        self.x = x\n        self.y = np.asarray(y, dtype=np.int64)\n\n"
        "    def __getitem__(self, i):\n        return self.x[i], self.y[i]\n\n\n"
        "def noise(n):\n    return np.random.rand(n)\n"
    ), train=(
        "import torch\nfrom torch.utils.data import DataLoader\n\nfrom .data import ArrayDataset\n\n\n"
        "def train(model, frame, device):\n"
        "    for x, y in DataLoader(ArrayDataset(frame.values, frame.label), batch_size=4):\n"
        "        model(x.to(device), y.to(device))\n"
    ))
    assert [(path, line, column, code) for path, line, column, code, _, _ in _reported(tmp_path, "pkg")] == [
        ("pkg/train.py", 9, 17, "F64011"),
    ]


TABLE = """\
import numpy as np
import pandas as pd
from sklearn.preprocessing import StandardScaler


def load_table(path):
    frame = pd.read_csv(path)
    features = StandardScaler().fit_transform(frame[["tenure", "charges"]])
    return features, frame["churned"].to_numpy()
"""
TABLE_DATASET = """\
from torch.utils.data import Dataset


class TableDataset(Dataset):
    def __init__(self, features, labels):
        self.features = features
        self.labels = labels

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.features[i], self.labels[i]
"""
TABLE_TRAINING = """\
import torch
from torch.utils.data import DataLoader

from .dataset import TableDataset
from .table import load_table


def run_epoch(model, loader, device):
    for features, labels in loader:
        torch.nn.functional.cross_entropy(model(features.to(device)), labels.to(device)).backward()


def train(model, path, device):
    features, labels = load_table(path)
    run_epoch(model, DataLoader(TableDataset(features, labels), batch_size=4), device)
"""


def test_a_batch_of_another_module_s_dataset_holds_what_the_call_making_it_passes(tmp_path, monkeypatch):
    # `TableDataset` keeps what its `__init__` is given: its batches are of the dtype of
    # what `train` passes, the float64 a scaler makes of a CSV's columns; where the table
    # is cast to float32, they show their dtype (no F64011 either).
    root = package_in(tmp_path, monkeypatch, "churn", table=TABLE, dataset=TABLE_DATASET, train=TABLE_TRAINING)
    assert _reported(root, "churn") == [(
        "churn/train.py", 10, 58, "F64004", "error",
        "float64 tensor (a batch of `loader`, whose dataset gives `load_table` from line 14: a DataLoader keeps "
        "NumPy's float64) moved to a device that may be 'mps'",
    )]
    (root / "churn" / "table.py").write_text(TABLE.replace("]])\n", "]]).astype(np.float32)\n"))
    assert _reported(root, "churn") == []


def test_that_batch_crashes_on_mps_before_the_fix_and_not_after(tmp_path, monkeypatch):
    torch = require("torch")
    require("pandas")
    require("sklearn")
    from f64lint.testing.mps_emulation import mps_emulation

    root = package_in(tmp_path, monkeypatch, "churn", table=TABLE, dataset=TABLE_DATASET, train=TABLE_TRAINING)
    rows = "".join(f"{n % 7},{n * 1.5},{n % 2}\n" for n in range(8))
    (root / "table.csv").write_text("tenure,charges,churned\n" + rows)
    monkeypatch.syspath_prepend(str(root))
    original = importlib.import_module("churn.train")
    with mps_emulation():
        with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
            original.train(torch.nn.Linear(2, 2).to("mps"), root / "table.csv", torch.device("mps"))
    after = fixed_and_imported_again(root, "churn", "train", monkeypatch)
    with mps_emulation():
        after.train(torch.nn.Linear(2, 2).to("mps"), root / "table.csv", torch.device("mps"))


def test_a_part_of_the_items_another_module_s_dataset_keeps_whole_is_not_what_is_passed_whole(tmp_path, monkeypatch):
    # `self.samples[i]` of a list of (float32 features, float64 weight) pairs: the weight's
    # place is not the list's; its dtype is not shown, as before.
    package_in(tmp_path, monkeypatch, "pkg", data=(
        "from torch.utils.data import Dataset\n\n\nclass PairDataset(Dataset):\n"
        "    def __init__(self, samples):\n        self.samples = samples\n\n"
        "    def __len__(self):\n        return len(self.samples)\n\n"
        "    def __getitem__(self, i):\n        return self.samples[i]\n"
    ), train=(
        "import numpy as np\nfrom torch.utils.data import DataLoader\n\nfrom .data import PairDataset\n\n\n"
        "def train(model, device):\n    features = np.random.rand(8, 4).astype(np.float32)\n"
        "    samples = list(zip(features, np.random.rand(8)))\n"
        "    for xb, wb in DataLoader(PairDataset(samples), batch_size=4):\n"
        "        model(xb.to(device), wb.to(device))\n"
    ))
    assert [row[:4] for row in _reported(tmp_path, "pkg")] == [
        ("pkg/train.py", 11, 18, "F64011"), ("pkg/train.py", 11, 33, "F64011"),
    ]


def test_a_narrow_part_of_what_a_function_returns_leaves_the_others_to_what_it_gives_back(tmp_path, monkeypatch):
    # `prepare` returns a float32 mask (a row for `fit`'s batch finding) and the float64 `y`
    # `targets` passes it: still float64 there.
    package_in(tmp_path, monkeypatch, "pkg", prep=(
        "import numpy as np\n\n\ndef prepare(x, y):\n    return np.ones(len(y), dtype=np.float32), y\n"
    ), train=(
        "import numpy as np\nimport torch\nfrom torch.utils.data import DataLoader\n\nfrom .prep import prepare\n\n\n"
        "def fit(model, dataset, device):\n    for xb, yb in DataLoader(dataset, batch_size=4):\n"
        "        model(xb.to(device))\n\n\n"
        "def targets(device):\n    mask, ys = prepare(np.random.rand(8, 4), np.random.rand(8))\n"
        "    return torch.from_numpy(ys).to(device)\n"
    ))
    assert [row[:4] for row in _reported(tmp_path, "pkg")] == [
        ("pkg/train.py", 10, 18, "F64011"), ("pkg/train.py", 15, 12, "F64003"),
    ]


def test_what_shows_a_batch_s_dtype_is_handed_only_to_the_files_with_a_batch_finding(tmp_path, monkeypatch):
    # `report.py` imports `load_table` too, and moves no batch: it is not linted again for
    # the rows that tell what batches hold (the float32 table, the dataset's places).
    table = TABLE.replace("]])\n", "]]).astype(np.float32)\n")
    report = "import torch\n\nfrom .table import load_table\n\n\ndef show(path):\n    print(load_table(path)[0].mean())\n"
    root = package_in(
        tmp_path, monkeypatch, "churn", table=table, dataset=TABLE_DATASET, train=TABLE_TRAINING, report=report
    )
    again = []
    lint_again = lint_file.lint_again

    def recording(job):
        again.append(job[0])
        return lint_again(job)

    monkeypatch.setattr(lint_file, "lint_again", recording)
    assert _reported(root, "churn") == []
    assert again == [os.path.join("churn", "train.py")]


STATION = """\
import numpy as np
import pandas as pd


def load_station(path):
    return pd.read_csv(path).set_index("time")


def normalisation_stats(frame, columns):
    cols = list(columns)
    return {"mean": frame[cols].mean().values, "std": frame[cols].std().values}
"""
FORECASTER = """\
import torch
from torch import nn


class Forecaster(nn.Module):
    def __init__(self, stats, n_features):
        super().__init__()
        self.register_buffer("mu", torch.as_tensor(stats["mean"]))
        self.register_buffer("sigma", torch.as_tensor(stats["std"]))
        self.out = nn.Linear(n_features, 1)

    def forward(self, x):
        return self.out((x - self.mu) / self.sigma)
"""
FORECASTING = """\
from .data import load_station, normalisation_stats
from .model import Forecaster


def build(path, columns, device):
    frame = load_station(path)
    stats = normalisation_stats(frame, columns)
    return Forecaster(stats, len(columns)).to(device)
"""
NARROW_STATS = STATION.replace(".mean().values", ".mean().to_numpy(dtype=np.float32)").replace(
    ".std().values", ".std().to_numpy(dtype=np.float32)"
)


@pytest.fixture
def forecasting(tmp_path, monkeypatch):
    root = package_in(tmp_path, monkeypatch, "weather", data=STATION, model=FORECASTER, train=FORECASTING)
    rows = "".join(f"{hour},{10 + hour % 5},{1000 + hour}\n" for hour in range(6))
    (root / "station.csv").write_text("time,temp,pressure\n" + rows)
    return root


def test_a_frame_a_module_reads_from_a_csv_keeps_its_default_widths_in_the_modules_it_is_handed_to(forecasting):
    # `load_station` returns a frame of a CSV's numbers (int64 or float64), which `train`
    # hands `normalisation_stats`: the means of its columns are float64 there, given back
    # to `train` in a dict, handed to `Forecaster`, kept as buffers and moved with it.
    assert _reported(forecasting, "weather") == [(
        "weather/train.py", 8, 44, "F64004", "error",
        "float64 tensor (a parameter or buffer of `Forecaster`, from `torch.as_tensor` at weather/model.py:8) "
        "moved to a device that may be 'mps'",
    )]
    (forecasting / "weather" / "data.py").write_text(NARROW_STATS)
    assert _reported(forecasting, "weather") == []


def test_that_model_crashes_on_mps_and_its_float32_twin_does_not(forecasting, monkeypatch):
    require("torch")
    require("pandas")
    from f64lint.testing.mps_emulation import mps_emulation

    monkeypatch.syspath_prepend(str(forecasting))
    train = importlib.import_module("weather.train")
    with mps_emulation():
        with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
            train.build(forecasting / "station.csv", ["temp", "pressure"], "mps")
    (forecasting / "weather" / "data.py").write_text(NARROW_STATS)
    for name in [name for name in sys.modules if name == "weather" or name.startswith("weather.")]:
        monkeypatch.delitem(sys.modules, name)
    twin = importlib.import_module("weather.train")
    with mps_emulation():
        twin.build(forecasting / "station.csv", ["temp", "pressure"], "mps")


FREQUENCIES = """\
import numpy as np
import pandas as pd


def interactions(n):
    return pd.DataFrame({"user": np.arange(n) % 7, "item": np.arange(n) % 5})


def item_frequencies(events, n_items):
    counts = events["item"].value_counts().reindex(range(n_items), fill_value=0)
    return counts / counts.sum()
"""
SAMPLER = """\
import torch


class UnigramSampler:
    def __init__(self, frequencies, power=0.75):
        weights = frequencies.to_numpy() ** power
        self.probs = torch.as_tensor(weights / weights.sum())

    def sample(self, n, device):
        return torch.multinomial(self.probs.to(device), n, replacement=True)
"""
SAMPLING = """\
from .data import interactions, item_frequencies
from .sampler import UnigramSampler


def negatives(device):
    return UnigramSampler(item_frequencies(interactions(20), 5)).sample(8, device)
"""


def test_a_series_another_module_s_function_gives_back_of_a_frame_passed_it_is_its_data(tmp_path, monkeypatch):
    # `item_frequencies` divides the counts `value_counts` gives (int64 whatever the
    # frame holds) by their sum: float64 there, for the frame `negatives` passes it.
    root = package_in(tmp_path, monkeypatch, "w2v", data=FREQUENCIES, sampler=SAMPLER, train=SAMPLING)
    assert [row[:4] for row in _reported(root, "w2v")] == [
        ("w2v/sampler.py", 7, 22, "F64003"), ("w2v/sampler.py", 10, 45, "F64004"),
    ]
    narrow = FREQUENCIES.replace("counts / counts.sum()", "(counts / counts.sum()).astype(np.float32)")
    (root / "w2v" / "data.py").write_text(narrow)
    assert _reported(root, "w2v") == []


ANCHORS = """\
import numpy as np


def grid_anchors(size, stride):
    centres = (np.arange(size) + 0.5) * stride
    cx, cy = np.meshgrid(centres, centres)
    return np.stack([cx.ravel(), cy.ravel()], axis=1)
"""
DETECTOR = """\
from torch import nn

from .anchors import grid_anchors


class Detector(nn.Module):
    def __init__(self, size=4, stride=8):
        super().__init__()
        self.head = nn.Linear(2, 2)
        self.anchor_array = grid_anchors(size, stride)
"""
DECODING = """\
import torch


def decode(deltas, anchor_array):
    return deltas + torch.as_tensor(anchor_array, device=deltas.device)
"""
INFERENCE = """\
import torch

from .decode import decode
from .model import Detector


def main(device):
    model = Detector().to(device).eval()
    return decode(torch.zeros(16, 2, device=device), model.anchor_array)
"""


def test_what_a_module_keeps_of_another_s_float64_array_reaches_a_third_through_its_objects(tmp_path, monkeypatch):
    # `Detector` keeps the float64 anchors `anchors.py` makes; `infer.py` reads them off a
    # detector moved and put in eval mode (the module itself) and hands them to `decode`.
    root = package_in(tmp_path, monkeypatch, "det", anchors=ANCHORS, model=DETECTOR, decode=DECODING, infer=INFERENCE)
    assert _reported(root, "det") == [(
        "det/decode.py", 5, 21, "F64003", "error",
        "float64 NumPy array (from `Detector.anchor_array` passed for `anchor_array` by `det.infer.main` at "
        "det/infer.py:9) becomes a tensor in `torch.as_tensor()`; MPS has no float64",
    )]
    (root / "det" / "anchors.py").write_text(ANCHORS.replace("axis=1)", "axis=1).astype(np.float32)"))
    assert _reported(root, "det") == []


@pytest.mark.parametrize("package, modules, entry, narrowed", [
    ("w2v", {"data": FREQUENCIES, "sampler": SAMPLER, "train": SAMPLING}, "train.negatives",
     ("data", "counts / counts.sum()", "(counts / counts.sum()).astype(np.float32)")),
    ("det", {"anchors": ANCHORS, "model": DETECTOR, "decode": DECODING, "infer": INFERENCE}, "infer.main",
     ("anchors", "axis=1)", "axis=1).astype(np.float32)")),
])
def test_those_values_crash_on_mps_and_their_float32_twins_do_not(tmp_path, monkeypatch, package, modules, entry,
                                                                   narrowed):
    require("torch")
    require("pandas")
    from f64lint.testing.mps_emulation import mps_emulation

    root = package_in(tmp_path, monkeypatch, package, **modules)
    monkeypatch.syspath_prepend(str(root))
    module_name, _, function = entry.partition(".")
    with mps_emulation():
        with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
            getattr(importlib.import_module(f"{package}.{module_name}"), function)("mps")
    name, old, new = narrowed
    (root / package / f"{name}.py").write_text(modules[name].replace(old, new))
    for loaded in [loaded for loaded in sys.modules if loaded == package or loaded.startswith(f"{package}.")]:
        monkeypatch.delitem(sys.modules, loaded)
    with mps_emulation():
        getattr(importlib.import_module(f"{package}.{module_name}"), function)("mps")


LINEAR_MODEL = """\
import numpy as np


class LinearModel:
    def __init__(self, dt=1.0):
        self.dt = dt
        self.F = np.eye(2)
        self.build()

    def build(self):
        pass

    def initial_covariance(self):
        return np.eye(2) * 10.0
"""
MOTION = """\
from .base import LinearModel


class ConstantVelocity(LinearModel):
    def build(self):
        self.F[0, 1] = self.dt
"""
NARROW_MOTION = """\
import numpy as np

from .base import LinearModel


class ConstantVelocity(LinearModel):
    def build(self):
        self.F = np.array([[1.0, self.dt], [0.0, 1.0]], dtype=np.float32)

    def initial_covariance(self):
        return np.eye(2, dtype=np.float32)
"""
FILTERING = """\
import torch


def matrices(model, device):
    return torch.as_tensor(model.F, device=device), torch.as_tensor(model.initial_covariance(), device=device)
"""
TRACKING = """\
from .filter import matrices
from .motion import ConstantVelocity


def main(device):
    return matrices(ConstantVelocity(), device)
"""


def test_an_object_of_a_subclass_holds_what_its_base_in_another_module_sets_and_the_subclass_leaves(
    tmp_path, monkeypatch
):
    # `ConstantVelocity` leaves `F` (set in the base's `__init__`) and `initial_covariance`
    # to `LinearModel`; where it sets and defines them itself, float32, they are its own.
    root = package_in(
        tmp_path, monkeypatch, "tracking", base=LINEAR_MODEL, motion=MOTION, filter=FILTERING, track=TRACKING
    )
    assert [row[:4] for row in _reported(root, "tracking")] == [
        ("tracking/filter.py", 5, 12, "F64003"), ("tracking/filter.py", 5, 53, "F64003"),
    ]
    (root / "tracking" / "motion.py").write_text(NARROW_MOTION)
    assert _reported(root, "tracking") == []


def test_those_inherited_matrices_crash_on_mps_and_the_subclass_s_own_float32_ones_do_not(tmp_path, monkeypatch):
    require("torch")
    from f64lint.testing.mps_emulation import mps_emulation

    root = package_in(
        tmp_path, monkeypatch, "tracking", base=LINEAR_MODEL, motion=MOTION, filter=FILTERING, track=TRACKING
    )
    monkeypatch.syspath_prepend(str(root))
    with mps_emulation():
        with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
            importlib.import_module("tracking.track").main("mps")
    (root / "tracking" / "motion.py").write_text(NARROW_MOTION)
    for loaded in [loaded for loaded in sys.modules if loaded == "tracking" or loaded.startswith("tracking.")]:
        monkeypatch.delitem(sys.modules, loaded)
    with mps_emulation():
        importlib.import_module("tracking.track").main("mps")


def test_a_model_cast_to_float32_or_with_a_mixin_first_holds_no_float64_of_its_class(tmp_path, monkeypatch):
    # `.float()` casts the parameters `Detector` makes of float64 anchors; `Float32Mixin`
    # casts what `Base` sets before `Sub` leaves `F` to it: neither is an error.
    package_in(tmp_path, monkeypatch, "pkg", geometry=(
        "import numpy as np\n\n\ndef grid(n):\n    return np.linspace(0.0, 1.0, n)\n"
    ), model=(
        "import torch\nfrom torch import nn\n\nfrom .geometry import grid\n\n\nclass Detector(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n"
        "        self.anchors = nn.Parameter(torch.from_numpy(grid(8)), requires_grad=False)\n"
    ), base=(
        "from .geometry import grid\n\n\nclass Base:\n    def __init__(self):\n        self.F = grid(8)\n"
    ), models=(
        "import numpy as np\n\nfrom .base import Base\n\n\nclass Float32Mixin:\n    def __init__(self):\n"
        "        super().__init__()\n        self.F = np.asarray(self.F, dtype=np.float32)\n\n\n"
        "class Sub(Float32Mixin, Base):\n    pass\n"
    ), run=(
        "import torch\n\nfrom .model import Detector\nfrom .models import Sub\n\n\ndef main(device):\n"
        "    model = Detector().float().to(device).eval()\n    model.anchors.to(device)\n"
        "    return torch.from_numpy(Sub().F).to(device)\n"
    ))
    assert [row[:5] for row in _reported(tmp_path, "pkg") if row[4] == "error"] == []


EPOCH_METRIC = """\
from typing import Callable, List

import torch


class EpochMetric:
    def __init__(self, compute_fn: Callable[[torch.Tensor, torch.Tensor], object], device: str = "cpu") -> None:
        self.compute_fn = compute_fn
        self.device = device
        self._predictions: List[torch.Tensor] = []
        self._targets: List[torch.Tensor] = []

    def update(self, y_pred: torch.Tensor, y: torch.Tensor) -> None:
        self._predictions.append(y_pred)
        self._targets.append(y)

    def compute(self) -> object:
        return self.compute_fn(torch.cat(self._predictions), torch.cat(self._targets))
"""
CURVES = """\
from typing import Tuple

import numpy as np
import torch

from .epoch_metric import EpochMetric


def curve_compute_fn(y_pred: torch.Tensor, y: torch.Tensor) -> Tuple[np.ndarray, np.ndarray]:
    thresholds = np.linspace(0.0, 1.0, 11)
    scores = y_pred.cpu().numpy()
    rates = np.interp(thresholds, np.sort(scores), np.linspace(0.0, 1.0, len(scores)))
    return rates, thresholds


def accuracy_compute_fn(y_pred: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    return (y_pred.round() == y).float().mean()


class RateCurve(EpochMetric):
    def __init__(self, device: str = "cpu") -> None:
        super(RateCurve, self).__init__(curve_compute_fn, device=device)

    def compute(self) -> Tuple[torch.Tensor, torch.Tensor]:
        predictions = torch.cat(self._predictions)
        rates, thresholds = self.compute_fn(predictions, torch.cat(self._targets))
        return torch.tensor(rates, device=predictions.device), torch.tensor(thresholds, device=predictions.device)


class NamedCurve(EpochMetric):
    def __init__(self) -> None:
        EpochMetric.__init__(self, compute_fn=curve_compute_fn)

    def compute(self) -> torch.Tensor:
        predictions = torch.cat(self._predictions)
        _, thresholds = self.compute_fn(predictions, torch.cat(self._targets))
        return torch.tensor(thresholds, device=predictions.device)


class Accuracy(EpochMetric):
    def __init__(self) -> None:
        super().__init__(accuracy_compute_fn)

    def compute(self) -> torch.Tensor:
        predictions = torch.cat(self._predictions)
        return self.compute_fn(predictions, torch.cat(self._targets)).to(predictions.device)
"""


@pytest.fixture
def metrics(tmp_path, monkeypatch):
    return package_in(tmp_path, monkeypatch, "metrics", epoch_metric=EPOCH_METRIC, curves=CURVES)


def test_a_function_handed_to_a_base_class_of_another_file_is_what_the_base_calls(metrics):
    # `EpochMetric` keeps the function its `__init__` is given as `self.compute_fn`; what a
    # subclass hands it (by position through `super()`, by keyword through the base's
    # `__init__`) is what `self.compute_fn(...)` gives there. Accuracy's float32 is clean.
    message = (
        "float64 NumPy array (from `{}` in `curve_compute_fn` at line {}) becomes a tensor in `torch.tensor()`; "
        "MPS has no float64"
    )
    assert _reported(metrics, "metrics") == [
        ("metrics/curves.py", 27, 16, "F64003", "error", message.format("np.interp", 12)),
        ("metrics/curves.py", 27, 64, "F64003", "error", message.format("np.linspace", 10)),
        ("metrics/curves.py", 37, 16, "F64003", "error", message.format("np.linspace", 10)),
    ]


def test_what_a_base_class_calls_is_followed_whichever_rules_are_selected(metrics):
    # The file linted with the other's exports is read whole: not narrowed for the
    # selected rules (with the batch rule off it once lost all three).
    assert [row[:4] for row in _reported(metrics, "metrics", ignore=("F64011",))] == [
        ("metrics/curves.py", 27, 16, "F64003"), ("metrics/curves.py", 27, 64, "F64003"),
        ("metrics/curves.py", 37, 16, "F64003"),
    ]


def test_the_curves_crash_on_mps_before_the_fix_and_not_after(metrics, monkeypatch):
    torch = require("torch")
    require("numpy")
    from f64lint.testing.mps_emulation import mps_emulation

    def computed(module, metric):
        found = getattr(module, metric)()
        found.update(torch.rand(8, device="mps"), torch.ones(8, device="mps"))
        return found.compute()

    monkeypatch.syspath_prepend(str(metrics))
    original = importlib.import_module("metrics.curves")
    with mps_emulation():
        for metric in ("RateCurve", "NamedCurve"):
            with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
                computed(original, metric)
        assert computed(original, "Accuracy").device.type == "mps"
    after = fixed_and_imported_again(metrics, "metrics", "curves", monkeypatch)
    with mps_emulation():
        rates, thresholds = computed(after, "RateCurve")
        assert (rates.device.type, rates.dtype, thresholds.dtype) == ("mps", torch.float32, torch.float32)
        assert computed(after, "NamedCurve").dtype == torch.float32


def test_a_module_is_looked_up_only_in_the_files_whose_imports_name_it(tmp_path):
    # `from .utils import table`, `from . import (utils)` over lines and `import pkg.utils`
    # name it; a file that only mentions `utils` in its code does not import it, nor one
    # that imports another name from it and names `table` on a later line.
    from f64lint.analysis.project.exports import Export

    table = Export("pkg.utils", "table", True, "np.linspace", "float64", "pkg/utils.py", 4)
    texts = {
        "from_import.py": b"from .utils import table\n",
        "bracketed.py": b"from . import (\n    sched,\n    utils,\n)\n\nx = utils.table(3)\n",
        "plain.py": b"import pkg.utils\n\nx = pkg.utils.table(3)\n",
        "unrelated.py": b"import numpy as np\n\nutils = {}\nx = utils.table\n",
        "named_later.py": b"from .utils import sched\n\nx = table\n",
        "continued.py": b"from .utils import sched, \\\n    table\n",
        "renamed.py": b"import pkg.utils as u\n\nx = u.table(3)\n",
        "renamed_from.py": b"from pkg import numbers, utils as u\n\nx = u.table(3)\n",
        "renamed_other.py": b"import pkg.utils as u\n\nx = v.table(3)\n",
    }
    found = {}
    for name, data in texts.items():
        (tmp_path / name).write_bytes(data)
        found[name] = import_lookup.imported_in(tmp_path / name, data, [table])
    assert found == {
        "from_import.py": [table], "bracketed.py": [table], "plain.py": [table], "unrelated.py": [],
        "named_later.py": [], "continued.py": [table],
        "renamed.py": [table], "renamed_from.py": [table], "renamed_other.py": [],
    }


def test_a_name_of_its_own_package_a_file_imports_from_it_is_looked_up_there(tmp_path):
    # `from . import Schedule` in a module of `tinyd`, whose `__init__` re-exports the class:
    # what `tinyd.Schedule` holds; not a name of another package, nor one imported otherwise.
    from f64lint.analysis.project.exports import Export

    sigmas = Export("tinyd", "Schedule.sigmas", False, "np.linspace", "float64", "tinyd/schedule.py", 6)
    elsewhere = Export("other", "Schedule.sigmas", False, "np.linspace", "float64", "other/schedule.py", 6)
    (tmp_path / "tinyd").mkdir()
    (tmp_path / "tinyd" / "__init__.py").write_text("from .schedule import Schedule\n")
    texts = {
        "train.py": b"from . import Schedule\n\nx = Schedule().sigmas\n",
        "bracketed.py": b"from . import (\n    helpers,\n    Schedule,\n)\n",
        "other_name.py": b"from . import helpers\n\nx = helpers.Schedule\n",
    }
    found = {}
    for name, data in texts.items():
        (tmp_path / "tinyd" / name).write_bytes(data)
        found[name] = import_lookup.imported_in(tmp_path / "tinyd" / name, data, [sigmas, elsewhere])
    assert found == {"train.py": [sigmas], "bracketed.py": [sigmas], "other_name.py": []}


def test_an_array_another_module_makes_is_followed_through_arithmetic_like_one_made_here(tmp_path, monkeypatch):
    # `radii(n) * 0.5` and `1 / (2 * x * radii(n)[0])` stay float64 (NEP 50); the float32 twin
    # does not, and a tensor another module makes is not a NumPy array.
    grids = "import numpy as np\nimport torch\n\n\ndef radii(n):\n    return np.linspace(0, 1, n)\n\n\n" \
            "def narrow(n):\n    return np.linspace(0, 1, n, dtype=np.float32)\n\n\n" \
            "def table(n):\n    return torch.ones(n, dtype=torch.float64)\n"
    ops = "import torch\n\nfrom .grids import narrow, radii, table\n\n\ndef buffers(x, n):\n" \
          "    scale = 1 / (2 * x * radii(n)[0])\n" \
          "    return torch.from_numpy(radii(n) * 0.5), torch.from_numpy(scale), torch.from_numpy(narrow(n) * 0.5), " \
          "torch.as_tensor(table(n) * 2)\n"
    root = package_in(tmp_path, monkeypatch, "pde", grids=grids, ops=ops)
    assert [row[:4] + row[5:] for row in _reported(root, "pde") if row[3] == "F64003"] == [
        ("pde/ops.py", 8, 12, "F64003",
         "float64 NumPy array (from `radii()` at line 8, made in pde/grids.py:6) becomes a tensor in "
         "`torch.from_numpy()`; MPS has no float64"),
        ("pde/ops.py", 8, 46, "F64003",
         "float64 NumPy array (from `radii()` at line 7, made in pde/grids.py:6) becomes a tensor in "
         "`torch.from_numpy()`; MPS has no float64"),
    ]


GRID_BASE = """\
import numpy as np

__all__ = ["GridBase", "discretize"]


def discretize(n):
    return np.linspace(0, 1, n)


class GridBase:
    @property
    def discretization(self):
        return self._discretization

    @property
    def axes(self):
        return self._axes
"""
GRID_KINDS = """\
import numpy as np

from .base import GridBase


class UnitGrid(GridBase):
    def __init__(self, dim):
        self._discretization = np.ones(dim)
        self._axes = np.arange(dim, dtype=np.float32)


class NarrowGrid(GridBase):
    def __init__(self, dim):
        self._discretization = np.ones(dim, dtype=np.float32)
"""
GRID_SPHERES = """\
import numpy as np

from .kinds import UnitGrid


class SphericalGrid(UnitGrid):
    def __init__(self, n):
        super().__init__(1)
        self._axes = np.linspace(0, 1, n)
"""
GRID_OPERATORS = """\
import torch

from ..grids import GridBase, UnitGrid


def laplace(grid: GridBase, x, device):
    dr = grid.discretization[0]
    return torch.from_numpy(1 / (2 * x * dr)).to(device), torch.from_numpy(grid.axes).to(device)


def made(x, device):
    return torch.from_numpy(UnitGrid(3).discretization * x).to(device)
"""


@pytest.fixture
def grids(tmp_path, monkeypatch):
    # A base class's properties give attributes only its subclasses (of another module) set;
    # the package re-exports it with `from .base import *`.
    (tmp_path / "pde" / "grids").mkdir(parents=True)
    (tmp_path / "pde" / "operators").mkdir()
    (tmp_path / "pde" / "__init__.py").write_text("")
    (tmp_path / "pde" / "grids" / "__init__.py").write_text("from .base import *\nfrom .kinds import UnitGrid\n")
    (tmp_path / "pde" / "grids" / "base.py").write_text(GRID_BASE)
    (tmp_path / "pde" / "grids" / "kinds.py").write_text(GRID_KINDS)
    (tmp_path / "pde" / "grids" / "spheres.py").write_text(GRID_SPHERES)  # which no module imports
    (tmp_path / "pde" / "operators" / "__init__.py").write_text("")
    (tmp_path / "pde" / "operators" / "polar.py").write_text(GRID_OPERATORS)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_what_a_base_class_property_gives_is_what_its_subclasses_of_other_modules_set(grids):
    # A `grid: GridBase` may be a UnitGrid, whose discretization is float64, or a
    # SphericalGrid (a UnitGrid's subclass), whose axes are; a UnitGrid's own
    # discretization is found as one. A NarrowGrid's are float32.
    made = "float64 NumPy array (from `{}` at line {}, made in pde/grids/{}) becomes a tensor in `torch.from_numpy()`" \
           "; MPS has no float64"
    assert [row[:4] + row[5:] for row in _reported(grids, "pde")] == [
        ("pde/operators/polar.py", 8, 12, "F64003", made.format("GridBase.discretization", 7, "kinds.py:8")),
        ("pde/operators/polar.py", 8, 59, "F64003", made.format("GridBase.axes", 8, "spheres.py:9")),
        ("pde/operators/polar.py", 12, 12, "F64003", made.format("UnitGrid.discretization", 12, "kinds.py:8")),
    ]


def test_a_module_linted_alone_reads_the_subclasses_the_folder_run_shows(grids):
    # Linting the operators alone reads the modules they import (the grids package and the
    # modules its `__init__` re-exports from), and the package's modules that subclass
    # the grid classes they read, though none imports them; so does its text on standard input.
    polar = grids / "pde" / "operators" / "polar.py"
    alone = run([polar], Settings(root=grids))
    assert [(d.start.line, d.start.column, d.code) for d in alone.diagnostics] == [
        (8, 12, "F64003"), (8, 59, "F64003"), (12, 12, "F64003"),
    ]
    given = run_stdin(polar.read_bytes(), polar, Settings(root=grids))
    assert [(d.start.line, d.start.column, d.code) for d in given.diagnostics] == [
        (8, 12, "F64003"), (8, 59, "F64003"), (12, 12, "F64003"),
    ]


def test_a_unit_grid_s_operators_crash_on_mps_before_the_fix_and_not_after(grids, monkeypatch):
    torch = require("torch")
    import numpy as np

    from f64lint.testing.mps_emulation import mps_emulation

    monkeypatch.syspath_prepend(str(grids))
    original = importlib.import_module("pde.operators.polar")
    grid, x = importlib.import_module("pde.grids").UnitGrid(3), np.ones(3, dtype=np.float32)
    with mps_emulation():
        with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
            original.laplace(grid, x, "mps")
        with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
            original.made(x, "mps")
    after = fixed_and_imported_again(grids, "pde", "operators.polar", monkeypatch)
    grid = importlib.import_module("pde.grids").UnitGrid(3)
    with mps_emulation():
        assert [t.dtype for t in after.laplace(grid, x, "mps")] == [torch.float32, torch.float32]
        assert after.made(x, "mps").dtype == torch.float32


def test_a_warm_one_file_run_sees_a_subclass_module_added_since(grids, monkeypatch):
    # A run that searched the package for subclasses is not replayed whole: the new
    # module is read (the files themselves still come from the cache).
    store = Cache(grids / ".cache")
    polar = grids / "pde" / "operators" / "polar.py"
    spheres = grids / "pde" / "grids" / "spheres.py"
    spheres.unlink()
    monkeypatch.setattr(cache, "RACY_NS", 0)  # every file settled: a run is replayed

    def found():
        return [(d.start.line, d.start.column) for d in run([polar], Settings(root=grids), cache=store).diagnostics]

    assert found() == [(8, 12), (12, 12)] and found() == [(8, 12), (12, 12)]
    spheres.write_text(GRID_SPHERES)
    assert found() == [(8, 12), (8, 59), (12, 12)]


DTYPES = """\
import torch

DTYPE = torch.float64
SINGLE = torch.float32


class Solver:
    def __init__(self, n, device):
        self.n = n
        self.device = device
        self.dtype = torch.float64


class DeviceAware:
    def __init__(self, device):
        self.device = device
        if device.type != "mps":
            self.dtype = torch.float64
        else:
            self.dtype = torch.float32


def precise():
    return torch.double


def for_device(device):
    return torch.float32 if device.type == "mps" else torch.float64
"""
USES = """\
import torch

from .dtypes import DTYPE, SINGLE, DeviceAware, Solver, for_device, precise


class Heat(Solver):
    def initial(self):
        return torch.linspace(0, 1, self.n, dtype=self.dtype, device=self.device)


class Aware(DeviceAware):
    def initial(self):
        return torch.zeros(3, dtype=self.dtype, device=self.device)


def grids(device):
    a = torch.zeros(3, dtype=DTYPE, device=device)
    b = torch.zeros(3, dtype=SINGLE, device=device)
    c = torch.zeros(3, dtype=for_device(device), device=device)
    return a, b, c, torch.ones(3, dtype=precise(), device=device)
"""


def test_a_dtype_another_module_sets_is_read_where_it_is_used(tmp_path, monkeypatch):
    # A constant, a function's return and a base class's attribute; not a float32 one, nor
    # one chosen for the device, nor one an MPS test keeps out. Linting the file alone
    # finds the same.
    root = package_in(tmp_path, monkeypatch, "solvers", dtypes=DTYPES, uses=USES)
    expected = [
        (
            "solvers/uses.py", 8, 51, "F64001", "error",
            "`self.dtype` (`torch.float64`, in `solvers.dtypes.Solver.dtype` at solvers/dtypes.py:11) used as a "
            "dtype in `torch.linspace()`; MPS has no float64",
        ),
        (
            "solvers/uses.py", 17, 30, "F64001", "error",
            "`DTYPE` (`torch.float64`, in `solvers.dtypes.DTYPE` at solvers/dtypes.py:3) used as a dtype in "
            "`torch.zeros()`; MPS has no float64",
        ),
        (
            "solvers/uses.py", 20, 41, "F64001", "error",
            "`precise()` (`torch.double`, in `solvers.dtypes.precise` at solvers/dtypes.py:24) used as a dtype in "
            "`torch.ones()`; MPS has no float64",
        ),
    ]
    assert [row for row in _reported(root, "solvers") if row[0] == "solvers/uses.py"] == expected
    alone = run([root / "solvers" / "uses.py"], Settings(root=root))
    assert [(d.path, d.start.line, d.start.column, d.code, d.severity.value, d.message) for d in alone.diagnostics] == expected


def test_the_dtypes_found_crash_on_mps_and_the_others_do_not(tmp_path, monkeypatch):
    torch = require("torch")
    from f64lint.testing.mps_emulation import mps_emulation

    root = package_in(tmp_path, monkeypatch, "solvers", dtypes=DTYPES, uses=USES)
    monkeypatch.syspath_prepend(str(root))
    uses = importlib.import_module("solvers.uses")
    with mps_emulation():
        mps = torch.device("mps")
        with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
            uses.Heat(3, mps).initial()
        with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
            uses.grids(mps)
        assert uses.Aware(mps).initial().dtype == torch.float32
        uses.grids.__globals__["DTYPE"] = torch.float32  # past the first: the others run
        with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
            uses.grids(mps)  # `precise()`
        uses.grids.__globals__["precise"] = lambda: torch.float32
        assert [t.dtype for t in uses.grids(mps)] == [torch.float32] * 4


def test_a_part_of_a_tuple_another_module_returns_is_followed_to_the_method_it_is_passed_to(tmp_path, monkeypatch):
    # `features, labels = load()`: only `features` is float64 (`labels` is int64); train.py
    # makes no array and has no finding of its own, yet hands on what it imports.
    data = "import numpy as np\n\n\ndef load(n, width):\n    rng = np.random.default_rng(0)\n" \
           "    features = rng.normal(size=(n, width))\n" \
           "    return features, (features.sum(1) > 0).astype(np.int64)\n"
    model = "import torch\n\n\nclass Trainer:\n    def __init__(self, device):\n        self.device = device\n\n" \
            "    def fit(self, features, labels):\n" \
            "        return torch.from_numpy(features).to(self.device), torch.from_numpy(labels).to(self.device)\n"
    train = "import torch\n\nfrom .data import load\nfrom .model import Trainer\n\n\ndef main():\n" \
            "    device = torch.device(\"mps\" if torch.backends.mps.is_available() else \"cpu\")\n" \
            "    features, labels = load(16, 4)\n    Trainer(device).fit(features, labels)\n"
    root = package_in(tmp_path, monkeypatch, "fitting", data=data, model=model, train=train)
    assert _reported(root, "fitting") == [(
        "fitting/model.py", 9, 16, "F64003", "error",
        "float64 NumPy array (from `load` passed for `features` by `fitting.train.main` at fitting/train.py:10) "
        "becomes a tensor in `torch.from_numpy()`; MPS has no float64",
    )]
    listed = data.replace("return features, (features.sum(1) > 0).astype(np.int64)",
                          "return [features, (features.sum(1) > 0).astype(np.int64)]")
    (root / "fitting" / "data.py").write_text(listed)  # a list written out: by place too
    assert [row[1:4] for row in _reported(root, "fitting")] == [(9, 16, "F64003")]
    (root / "fitting" / "data.py").write_text(data.replace("size=(n, width))", "size=(n, width)).astype(np.float32)"))
    assert _reported(root, "fitting") == []


CONFIG = """\
from dataclasses import dataclass

import torch

DTYPE = torch.float64  # double precision (for the solver)
WIDE: torch.dtype = torch.float64
CHOSEN = torch.float64
if torch.backends.mps.is_available():
    CHOSEN = torch.float32


def pick(double):
    return torch.float64 if double else torch.float32


class Base:
    dtype = torch.float64

    def __init__(self, device):
        self.device = device


@dataclass
class Config:
    n: int = 8
    dtype: torch.dtype = torch.float64
"""
READS = """\
import torch

from .config import CHOSEN, DTYPE, WIDE, Base, Config, pick


class Heat(Base):
    def grid(self):
        return torch.zeros(3, dtype=self.dtype, device=self.device)


class Narrow(Base):
    dtype = torch.float32

    def grid(self):
        return torch.zeros(3, dtype=self.dtype, device=self.device)


def grids(device):
    a = torch.zeros(3, dtype=DTYPE, device=device)
    b = torch.zeros(3, dtype=WIDE, device=device)
    c = torch.zeros(3, dtype=CHOSEN, device=device)
    d = torch.zeros(3, dtype=pick(False), device=device)
    e = torch.zeros(3, dtype=Config().dtype, device=device)
    f = torch.zeros(3, dtype=Config(dtype=torch.float32).dtype, device=device)
    return a, b, c, d, e, f
"""


def test_what_another_module_binds_again_or_leaves_to_the_caller_is_not_read_as_float64(tmp_path, monkeypatch):
    # Read: a constant with a comment, an annotated one, a class attribute a subclass leaves
    # alone, a dataclass's field left at its default. Not: a constant a block binds again
    # for MPS, a function whose caller chooses, a subclass's own class attribute, a field
    # given when the object is made.
    root = package_in(tmp_path, monkeypatch, "settings", config=CONFIG, reads=READS)
    assert [row[1:5] for row in _reported(root, "settings") if row[0] == "settings/reads.py"] == [
        (8, 37, "F64001", "error"), (19, 30, "F64001", "error"), (20, 30, "F64001", "error"),
        (23, 30, "F64001", "error"),
    ]


GRAPH_DATA = """\
import numpy as np
import scipy.sparse as sp


class GraphData:
    def __init__(self, edges, n):
        ones = np.ones(len(edges))
        adj = sp.coo_matrix((ones, (edges[:, 0], edges[:, 1])), shape=(n, n)) + sp.eye(n)
        self.adj = adj.tocsr()


class NarrowGraphData:
    def __init__(self, edges, n):
        ones = np.ones(len(edges), dtype=np.float32)
        adj = sp.coo_matrix((ones, (edges[:, 0], edges[:, 1])), shape=(n, n)) + sp.eye(n, dtype=np.float32)
        self.adj = adj.tocsr()
"""
GRAPH_TRAINING = """\
import numpy as np
import torch

from .data import GraphData, NarrowGraphData


class Trainer:
    def __init__(self, data, device):
        self.adj = torch.from_numpy(data.adj.toarray()).to(device)


def train(device):
    edges = np.array([[0, 1], [1, 2]])
    return Trainer(GraphData(edges, 3), device).adj, Trainer(NarrowGraphData(edges, 3), device).adj
"""


@pytest.fixture
def graphs(tmp_path, monkeypatch):
    return package_in(tmp_path, monkeypatch, "graphs", data=GRAPH_DATA, training=GRAPH_TRAINING)


def test_a_library_object_a_class_of_another_module_keeps_is_read_by_its_data(graphs):
    # `self.adj` of GraphData is a sparse matrix of float64 data (an OBJECT row): made
    # dense in another module, it is a float64 array; NarrowGraphData's is float32.
    assert [(path, line, code, severity) for path, line, _, code, severity, _ in _reported(graphs, "graphs")] == [
        ("graphs/training.py", 9, "F64003", "error"),
    ]


def test_that_sparse_matrix_crashes_on_mps(graphs, monkeypatch):
    require("scipy")
    torch = require("torch")
    from f64lint.testing.mps_emulation import mps_emulation

    monkeypatch.syspath_prepend(str(graphs))
    training = importlib.import_module("graphs.training")
    data = importlib.import_module("graphs.data")
    edges = __import__("numpy").array([[0, 1], [1, 2]])
    with mps_emulation():
        with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
            training.Trainer(data.GraphData(edges, 3), "mps")
        assert training.Trainer(data.NarrowGraphData(edges, 3), "mps").adj.dtype == torch.float32


SAVING = """\
import os

import numpy as np


def cache(folder):
    states = np.linspace(0.0, 1.0, 12).reshape(4, 3)
    np.save(os.path.join(folder, "states.npy"), states)
    np.save(os.path.join(folder, "narrow.npy"), states.astype(np.float32))
"""
LOADING = """\
import os

import numpy as np


class Store:
    def __init__(self, folder):
        self.states = np.load(os.path.join(folder, "states.npy"))
        self.narrow = np.load(os.path.join(folder, "narrow.npy"))

    def normalized(self):
        return self.states / self.states.max()
"""
MOVING = """\
import torch

from .loading import Store
from .saving import cache


def run(folder, device):
    cache(folder)
    store = Store(folder)
    return torch.as_tensor(store.normalized()).to(device), torch.as_tensor(store.narrow).to(device)
"""


@pytest.fixture
def cached(tmp_path, monkeypatch):
    return package_in(tmp_path, monkeypatch, "cached", saving=SAVING, loading=LOADING, moving=MOVING)


def test_an_array_one_module_saves_is_float64_where_another_loads_it(cached):
    # `states.npy` is written float64 by `saving`: `np.load` of a file of that name in
    # `loading` gives float64, which a third module makes a tensor of; `narrow.npy` is
    # written float32, and what loads it stays clean.
    assert [(path, line, code, severity) for path, line, _, code, severity, _ in _reported(cached, "cached")] == [
        ("cached/moving.py", 10, "F64003", "error"),
    ]


def test_that_loaded_array_crashes_on_mps(cached, tmp_path, monkeypatch):
    torch = require("torch")
    from f64lint.testing.mps_emulation import mps_emulation

    monkeypatch.syspath_prepend(str(cached))
    moving = importlib.import_module("cached.moving")
    folder = tmp_path / "files"
    folder.mkdir()
    with mps_emulation():
        with pytest.raises(TypeError, match="MPS framework doesn't support float64"):
            moving.run(str(folder), "mps")
        store = importlib.import_module("cached.loading").Store(str(folder))
        assert torch.as_tensor(store.narrow).to("mps").dtype == torch.float32


INITIAL = """\
import numpy as np


def plummer(n, seed):
    rng = np.random.default_rng(seed)
    return {"pos": rng.normal(size=(n, 3)), "mass": np.full(n, 1.0 / n, dtype=np.float32)}


def ensemble(n, runs):
    for seed in range(runs):
        yield seed, plummer(n, seed)
"""
SIMULATE = """\
import torch

from .initial import ensemble


def positions(device):
    for seed, state in ensemble(8, 2):
        yield torch.as_tensor(state["pos"], device=device)


def masses(device):
    for seed, state in ensemble(8, 2):
        yield torch.as_tensor(state["mass"], device=device)
"""


def test_what_another_modules_generator_yields_is_read_whole(tmp_path, monkeypatch):
    # `ensemble` yields a seed and a dict of arrays, a shape no row of its own says: its
    # whole value is handed on (a `VALUE` row), and the dict's float32 value stays clean.
    root = package_in(tmp_path, monkeypatch, "nbody", initial=INITIAL, simulate=SIMULATE)
    assert _reported(root, "nbody") == [
        ("nbody/simulate.py", 8, 15, "F64003", "error", "float64 NumPy array (from `ensemble()` at line 7, "
         "made in nbody/initial.py:6) becomes a tensor in `torch.as_tensor()`; MPS has no float64"),
    ]


THRESHOLDS = """\
import numpy as np


def best_threshold(scores):
    best = 0.5
    for t in np.percentile(scores, [25, 50, 75]):
        if (scores >= t).mean() > 0.3:
            best = t
    return best


def thresholds(scores):
    return np.array([best_threshold(column) for column in scores.T])
"""
PREDICT = """\
import torch

from .thresholds import thresholds


def cuts(scores, device):
    return torch.as_tensor(thresholds(scores), device=device)
"""


def test_a_short_module_with_no_finding_is_summarised_whole(tmp_path, monkeypatch):
    # `thresholds` makes an array of what another function returns: narrowing to the
    # definitions that name NumPy's makers would leave it out.
    root = package_in(tmp_path, monkeypatch, "cuts", thresholds=THRESHOLDS, predict=PREDICT)
    assert _reported(root, "cuts") == [
        ("cuts/predict.py", 7, 12, "F64003", "error", "float64 NumPy array (from `thresholds()` at line 7, "
         "made in cuts/thresholds.py:13) becomes a tensor in `torch.as_tensor()`; MPS has no float64"),
    ]


STATS = """\
import numpy as np

NORMALIZE = {"mean": np.array([0.485, 0.456, 0.406]), "std": np.array([0.229, 0.224, 0.225], dtype=np.float32)}
PAIRS = (np.linspace(0, 1, 5), np.zeros(3, np.float32))


def pairs():
    made = (np.linspace(0, 1, 5), np.zeros(3, np.float32))
    return made
"""
USE = """\
import torch

from . import stats
from .stats import NORMALIZE, PAIRS


def mean(device):
    return torch.as_tensor(NORMALIZE["mean"], device=device)


def std(device):
    return torch.as_tensor(NORMALIZE["std"], device=device)


def grids(device):
    return torch.as_tensor(PAIRS[0], device=device), torch.as_tensor(stats.PAIRS[1], device=device)


def from_pairs(device):
    return torch.as_tensor(stats.pairs()[1], device=device)
"""


def test_a_tuple_or_dict_another_module_binds_or_returns_keeps_each_part_as_it_is(tmp_path, monkeypatch):
    # The float32 parts are clean (before, each tuple was read as its float64 part, and the
    # dict not at all).
    root = package_in(tmp_path, monkeypatch, "pre", stats=STATS, use=USE)
    assert _reported(root, "pre") == [
        ("pre/use.py", 8, 12, "F64003", "error", "float64 NumPy array (from `NORMALIZE` at line 8, "
         "made in pre/stats.py:3) becomes a tensor in `torch.as_tensor()`; MPS has no float64"),
        ("pre/use.py", 16, 12, "F64003", "error", "float64 NumPy array (from `PAIRS` at line 16, "
         "made in pre/stats.py:4) becomes a tensor in `torch.as_tensor()`; MPS has no float64"),
    ]


MAKERS = """\
import numpy as np


def make(n, dtype=np.float64):
    made = {"a": np.zeros(n, dtype=dtype), "n": n}
    return made


def batches(rows, dtype=np.float64):
    for row in rows:
        yield {"x": np.asarray(row, dtype=dtype)}
"""
CALLERS = """\
import numpy as np
import torch

from .makers import batches, make


def made(device):
    return torch.as_tensor(make(3, dtype=np.float32)["a"], device=device)


def batched(device):
    return [torch.as_tensor(b["x"], device=device) for b in batches([[1.0]], dtype=np.float32)]
"""


def test_a_whole_value_that_a_parameter_with_a_default_decides_is_not_handed_on(tmp_path, monkeypatch):
    # Read at its defaults, `make` gives float64; a call may pass float32, as these do.
    root = package_in(tmp_path, monkeypatch, "mk", makers=MAKERS, callers=CALLERS)
    assert _reported(root, "mk") == []


def test_the_whole_values_of_a_module_too_long_are_not_read(tmp_path, monkeypatch):
    # A module past VALUES_READ_BELOW is not read function by function for its whole
    # values (torch's common_methods_invocations.py took minutes): its generator's dicts
    # are not handed on.
    from f64lint.analysis.flow.summaries import VALUES_READ_BELOW

    long_initial = INITIAL + "#" * VALUES_READ_BELOW + "\n"
    root = package_in(tmp_path, monkeypatch, "nbody", initial=long_initial, simulate=SIMULATE)
    assert _reported(root, "nbody") == []


MADE_GRIDS = """\
from dataclasses import dataclass

import numpy as np


@dataclass
class Grid:
    initial: np.ndarray
    weights: np.ndarray

    def as32(self):
        return self.initial.astype(np.float32)


def make_grid(n):
    xs = np.linspace(0.0, 1.0, n)
    return Grid(np.exp(-xs), np.ones(n, dtype=np.float32))


class Graph:
    def __init__(self, features, adjacency):
        self.features = features
        self.adjacency = adjacency

    @classmethod
    def ring(cls, n):
        adjacency = np.eye(n) + np.roll(np.eye(n), 1, axis=0)
        return cls(np.zeros((n, 4), dtype=np.float32), adjacency)

"""
SOLVER = """\
import torch


class Solver:
    def __init__(self, grid, device):
        self.u = torch.as_tensor(grid.initial, device=device)
        self.w = torch.as_tensor(grid.weights, device=device)


def to_device(data, device):
    return {name: torch.as_tensor(value).to(device) for name, value in vars(data).items()}
"""
RUN = """\
import torch

from .grids import Graph, make_grid
from .solver import Solver, to_device


def main(device):
    solver = Solver(make_grid(16), device)
    batch = to_device(Graph.ring(8), device)
    initial = torch.from_numpy(make_grid(4).as32()).to(device)
    return solver, batch, torch.as_tensor(Graph.ring(8).features, device=device), initial
"""


def test_an_object_another_module_makes_is_read_by_its_attributes(tmp_path, monkeypatch):
    # `make_grid` and `Graph.ring` return objects of the module's classes: their attributes
    # are handed on whole (`VALUE` rows), and on again to the module whose function `run`
    # passes them to, which reads `grid.initial` and `vars(data)`; float32 ones stay clean.
    root = package_in(tmp_path, monkeypatch, "sim", grids=MADE_GRIDS, solver=SOLVER, run=RUN)
    assert _reported(root, "sim") == [
        ("sim/solver.py", 6, 18, "F64003", "error", "float64 NumPy array (from `make_grid` passed for `grid` "
         "by `sim.run.main` at sim/run.py:8) becomes a tensor in `torch.as_tensor()`; MPS has no float64"),
        ("sim/solver.py", 11, 19, "F64003", "error", "float64 NumPy array (from `Graph.ring` passed for `data` "
         "by `sim.run.main` at sim/run.py:9) becomes a tensor in `torch.as_tensor()`; MPS has no float64"),
    ]


@pytest.mark.parametrize("change", ["grid.initial = grid.initial.astype('f4')", "to32(grid)"])
def test_an_attribute_of_another_modules_object_the_code_may_set_again_is_not_known(tmp_path, monkeypatch, change):
    # `run` casts what the object holds before it passes it on, or hands it to another
    # module's function that may (and does).
    cast = RUN.replace("    solver = Solver(", f"    grid = make_grid(16)\n    {change}\n    solver = Solver(").replace(
        "Solver(make_grid(16), device)", "Solver(grid, device)"
    ).replace("from .solver import", "from .prep import to32\nfrom .solver import")
    prep = "def to32(grid):\n    grid.initial = grid.initial.astype('f4')\n"
    root = package_in(tmp_path, monkeypatch, "sim", grids=MADE_GRIDS, solver=SOLVER, run=cast, prep=prep)
    assert [row[:4] for row in _reported(root, "sim")] == [("sim/solver.py", 11, 19, "F64003")]


SCHEDULE_TABLE = """\
import numpy as np


def cosine_betas(n):
    steps = np.arange(n + 1) / n
    return np.clip(1 - np.cos(steps[1:]) / np.cos(steps[:-1]), 0, 0.999)


def linear_betas(n):
    return np.linspace(1e-4, 2e-2, n)


def linear_betas32(n):
    return np.linspace(1e-4, 2e-2, n, dtype=np.float32)


SCHEDULES = {"cosine": cosine_betas, "linear": linear_betas}
SCHEDULES32 = {"linear": linear_betas32}
"""
SAMPLE = """\
import torch

from .schedules import SCHEDULES, SCHEDULES32


def betas(name, n, device):
    return torch.tensor(SCHEDULES[name](n), device=device)


def betas32(name, n, device):
    return torch.tensor(SCHEDULES32[name](n), device=device)
"""


def test_a_dict_of_functions_another_module_binds_gives_what_they_return(tmp_path, monkeypatch):
    # Each function is written by what it gives (whatever it is passed); a key the code
    # chooses gives what any of them gives, and the float32 table stays clean.
    root = package_in(tmp_path, monkeypatch, "diff", schedules=SCHEDULE_TABLE, sample=SAMPLE)
    assert _reported(root, "diff") == [
        ("diff/sample.py", 7, 12, "F64003", "error", "float64 NumPy array (from `SCHEDULES` at line 7, "
         "made in diff/schedules.py:5) becomes a tensor in `torch.tensor()`; MPS has no float64"),
    ]


BUFFER = """\
from collections import namedtuple

import numpy as np

Transition = namedtuple("Transition", ["obs", "reward"])


class ReplayBuffer:
    def __init__(self, capacity):
        self.obs = np.zeros((capacity, 4), dtype=np.float32)
        self.rewards = np.zeros(capacity)

    def sample(self, n):
        return Transition(self.obs[:n], self.rewards[:n])
"""
UPDATING_AGENT = """\
import torch


class Agent:
    def __init__(self, device):
        self.device = device

    def update(self, batch):
        obs = torch.as_tensor(batch.obs, device=self.device)
        return obs, torch.as_tensor(batch.reward, device=self.device)
"""
LOOP = """\
from .agent import Agent
from .buffer import ReplayBuffer


def main(device):
    Agent(device).update(ReplayBuffer(64).sample(8))
"""


def test_a_named_tuple_another_module_returns_is_handed_on_field_by_field(tmp_path, monkeypatch):
    # `sample` gives a named tuple of a float32 and a float64 field: not a float64 value
    # whole, and the module its caller hands it to reads each field as made.
    root = package_in(tmp_path, monkeypatch, "rl", buffer=BUFFER, agent=UPDATING_AGENT, loop=LOOP)
    assert _reported(root, "rl") == [
        ("rl/agent.py", 10, 21, "F64003", "error", "float64 NumPy array (from `ReplayBuffer(64).sample` passed for "
         "`batch` by `rl.loop.main` at rl/loop.py:6) becomes a tensor in `torch.as_tensor()`; MPS has no float64"),
    ]


TORCH_UTILS = """\
import numpy as np
import torch


def schedule(n):
    return np.linspace(0, 1, n)


def ones(n):
    return torch.ones(n)
"""
SCHEDULED = """\
import torch

from .utils import schedule


def betas(device):
    return torch.from_numpy(schedule(8)).to(device)
"""


def test_a_short_module_that_imports_torch_still_says_what_numpy_arrays_it_makes(tmp_path, monkeypatch):
    # Modules that import torch and have no finding were left unread for their exports
    # (to keep the cost down); a short one is read, as a short NumPy module is.
    root = package_in(tmp_path, monkeypatch, "sched", utils=TORCH_UTILS, model=SCHEDULED)
    assert _reported(root, "sched") == [
        ("sched/model.py", 7, 12, "F64003", "error", "float64 NumPy array (from `schedule()` at line 7, "
         "made in sched/utils.py:6) becomes a tensor in `torch.from_numpy()`; MPS has no float64"),
    ]
