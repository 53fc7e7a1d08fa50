"""fixtures/data_dtype/: data whose dtype the code does not show (F64010, with the default
rules). Each module's findings are exact (<name>.expected, `line:column CODE severity`);
each is run on an emulated MPS device with the float64 data real code gives it, where the
flagged modules crash and the clean one runs; a module with a fix (<name>.fixed) runs
after it."""

from __future__ import annotations

import types
from pathlib import Path

import pytest

from f64lint.workspace.settings import Settings
from f64lint.runner.run import run
from tests.helpers import fix, load_module, require

DATA = Path(__file__).parents[2] / "fixtures" / "data_dtype"
MODULES = sorted(DATA.glob("*.py"))
MPS_ERROR = "Cannot convert a MPS Tensor to float64 dtype"


@pytest.mark.parametrize("module", MODULES, ids=[m.stem for m in MODULES])
def test_findings_and_severities_are_exact(module):
    result = run([module], Settings(root=DATA, extend_select=("F64010",)))
    assert result.internal_errors == []
    got = [f"{d.start.line}:{d.start.column} {d.code} {d.severity.value}" for d in result.diagnostics]
    assert got == module.with_suffix(".expected").read_text().splitlines()


@pytest.mark.parametrize("module", MODULES, ids=[m.stem for m in MODULES])
def test_fix_is_exact_and_a_second_fix_changes_nothing(module):
    from f64lint.rules import ALL_RULES

    codes = {rule.code for rule in ALL_RULES}
    fixed_file = module.with_suffix(".fixed")
    fixed = fix(module.read_text(), codes)
    assert fixed == (fixed_file.read_text() if fixed_file.exists() else module.read_text())
    assert fix(fixed, codes) == fixed


class _Envs:
    """A vectorised environment as gym gives one: NumPy float64 observations and rewards."""

    num_envs = 2

    def reset(self):
        np = require("numpy")
        return np.zeros((2, 3))

    def step(self, action):
        np = require("numpy")
        return np.ones((2, 3)), np.full(2, 0.5), np.zeros(2, dtype=bool), {}


def _tabular(module, device):
    torch = require("torch")

    class Tabular(torch.nn.Module):  # casts its input in forward, as tabular models do
        def __init__(self):
            super().__init__()
            self.linear = torch.nn.Linear(4, 1)

        def forward(self, x):
            return self.linear(x.float())

    return module.Trainer(Tabular().to(device), device).fit(8)


def _tabular_losses(module, device):
    torch = require("torch")
    return torch.stack(_tabular(module, device))


def _caller_arrays(module, device):
    np = require("numpy")
    return module.to_torch(np.linspace(0, 1, 5), device)


def _from_torch(module, device):
    torch = require("torch")
    return module.from_torch(torch.linspace(0, 1, 5, dtype=torch.float64), device, torch.float32)


def _rollout(module, device):
    require("torch")
    return module.collect(_Envs(), lambda obs: obs.sum(dim=1), 3, device)


class _Frame:
    """What pandas gives: float64 columns."""

    def __getitem__(self, column):
        np = require("numpy")
        return types.SimpleNamespace(to_numpy=lambda: np.array([0.5, 1.5]))

    def to_numpy(self, dtype=None):
        np = require("numpy")
        return np.array([[0.5, 1.5]], dtype=dtype)


def _fitted_scaler(module, device):
    np = require("numpy")
    require("torch")
    scaler = types.SimpleNamespace(mean_=np.array([0.5, 1.5]), scale_=np.array([2.0, 4.0]))
    return module.Normalizer(scaler).to(device)


def _frame_targets(module, device):
    return module.targets(_Frame(), device)


def _float_targets(module, device):
    return module.float_targets(_Frame(), device)


def _noise(module, device):
    torch = require("torch")
    return module.Noise([0.25, 0.75])(torch.ones(2, device=device))


def _typed_data(module, device):
    torch = require("torch")
    dataset = [
        {"input_ids": torch.tensor([1, 2]), "labels": torch.tensor(1), "features": torch.ones(2, dtype=torch.float64),
         "mask": torch.tensor([1, 0])}
    ]
    seen = []
    module.train(lambda *args: seen.append(args), dataset, device, [0.5, 2.0])
    return module.positions(4, device)


def _detections(module, device):
    np = require("numpy")
    torch = require("torch")
    images = np.zeros((2, 3, 4, 4), dtype=np.float32)
    boxes = [[(0.0, 0.0, 2.0, 2.0)], [(1.0, 1.0, 3.5, 3.0)]]
    dataset = module.Detections(images, boxes, lambda image, bboxes: {"image": image, "bboxes": bboxes})
    return [module.move_to_device(batch, device) for batch in torch.utils.data.DataLoader(dataset, batch_size=2)]


CRASHES = {
    "batch_helpers": _detections,
    "tabular_loader": _tabular,
    "caller_arrays": _caller_arrays,
    "rollout": _rollout,
    "fitted_scaler": _fitted_scaler,
    "fitted_scaler.targets": _frame_targets,
    "fitted_scaler.float_targets": _float_targets,
    "fitted_scaler.noise": _noise,
}
RUNS_AFTER_THE_FIX = {
    "caller_arrays": _from_torch, "fitted_scaler.float_targets": _float_targets, "fitted_scaler.noise": _noise,
    "tabular_loader": _tabular_losses,
}


def test_every_module_has_a_scenario():
    assert {m.stem for m in MODULES} == {name.split(".")[0] for name in CRASHES} | {"typed_data"}


@pytest.mark.parametrize("name", sorted(CRASHES))
def test_flagged_module_crashes_on_mps_with_float64_data(name):
    require("torch")
    from f64lint.testing.mps_emulation import mps_emulation

    module = load_module(DATA / f"{name.split('.')[0]}.py")
    CRASHES[name](module, "cpu")
    with mps_emulation(), pytest.raises(TypeError, match=MPS_ERROR):
        CRASHES[name](module, "mps")


def test_clean_module_runs_on_mps():
    require("torch")
    from f64lint.testing.mps_emulation import mps_emulation

    module = load_module(DATA / "typed_data.py")
    with mps_emulation():
        steps, scale = _typed_data(module, "mps")
        assert steps.device.type == "mps" and scale.device.type == "mps"


@pytest.mark.parametrize("name", sorted(RUNS_AFTER_THE_FIX))
def test_fixed_module_crashes_before_the_fix_and_runs_after(name):
    torch = require("torch")
    from f64lint.testing.mps_emulation import mps_emulation

    scenario = RUNS_AFTER_THE_FIX[name]
    with mps_emulation():
        with pytest.raises(TypeError, match=MPS_ERROR):
            scenario(load_module(DATA / f"{name.split('.')[0]}.py"), "mps")
        after = scenario(load_module(DATA / f"{name.split('.')[0]}.fixed"), "mps")
        assert after.device.type == "mps" and after.dtype == torch.float32
