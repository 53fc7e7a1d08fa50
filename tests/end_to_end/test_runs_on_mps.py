"""The realistic fixtures, run before and after `--fix --unsafe-fixes` on an emulated MPS
device: before, they raise MPS's TypeError; after, they run, and their results match the
original float64 code run on the CPU within float32 tolerance."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import load_module, require

torch = require("torch")
np = require("numpy")

from f64lint.testing.mps_emulation import mps_emulation  # noqa: E402

FIXTURES = Path(__file__).parents[2] / "fixtures"
MPS_ERROR = "Cannot convert a MPS Tensor to (float64|complex128) dtype as the MPS framework doesn't support"


def position_embedding(module, device):
    return module.build_2d_sinusoidal_position_embedding(8, 6, 64, device=device)


def rotary(module, device):
    torch.manual_seed(0)
    attention = module.Attention(16, 8).to(device)
    return attention(torch.randn(2, 8, 16, device=device))


def scheduler(module, device):
    schedule = module.EulerDiscreteScheduler()
    schedule.set_timesteps(12, device=device)
    return schedule.timesteps, schedule.sigmas


def data_loader(module, device, tmp_path):
    np.random.seed(0)
    samples = tmp_path / "spectra.csv"
    np.savetxt(samples, np.random.rand(4, 16), delimiter=",")
    np.save(tmp_path / "spectra.npy", np.arange(4))
    dataset = module.SpectraDataset(str(samples), augment=False)
    return module.collate([dataset[i] for i in range(3)], device)


def encoder_position_embedding(module, device):
    torch.manual_seed(0)
    layer = module.HybridEncoderLayer(32).to(device)
    return layer(torch.randn(2, 32, 3, 4, device=device))


def numpy_grid(module, device):
    return module.make_grid(5, device)


SCENARIOS = {
    "encoder_position_embedding": encoder_position_embedding,
    "numpy_grid": numpy_grid,
    "position_embedding": position_embedding,
    "rotary": rotary,
    "scheduler": scheduler,
    "data_loader": data_loader,
}
# train.py keeps `torch.set_default_dtype(torch.float64)` and `torch.DoubleTensor`, which have
# no automatic fix (F64005, F64007): it still fails on MPS after --fix, as it should.
NOT_RUNNABLE = {"train"}
# Their float64 is cast before it is returned: on the CPU the result is float32 too.
CAST_BEFORE_RETURNED = {"rotary", "numpy_grid"}


def test_every_fixture_has_a_scenario_or_a_reason():
    assert {p.stem for p in FIXTURES.glob("*.py")} == set(SCENARIOS) | NOT_RUNNABLE


def run(scenario, module, device, tmp_path):
    if scenario is data_loader:
        return scenario(module, device, tmp_path)
    return scenario(module, device)


def flat(result):
    return list(result) if isinstance(result, tuple) else [result]


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # NumPy 2 about the fixture's np.array(tensor)
@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_fixture_crashes_on_mps_before_the_fix_and_matches_float64_after(name, tmp_path):
    scenario = SCENARIOS[name]
    original = load_module(FIXTURES / f"{name}.py")
    fixed = load_module(FIXTURES / f"{name}.fixed")

    reference = flat(run(scenario, original, "cpu", tmp_path))
    with mps_emulation():
        with pytest.raises(TypeError, match=MPS_ERROR):
            run(scenario, original, "mps", tmp_path)
        after = flat(run(scenario, fixed, "mps", tmp_path))
        assert all(t.device.type == "mps" for t in after)
    assert any(t.dtype in (torch.float64, torch.complex128) for t in reference) or name in CAST_BEFORE_RETURNED
    for got, expected in zip(after, reference):
        assert got.dtype not in (torch.float64, torch.complex128)
        torch.testing.assert_close(got.cpu(), expected.to(got.dtype), rtol=1.3e-6, atol=1e-5)
