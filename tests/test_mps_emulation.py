"""f64lint.testing.mps_emulation: "mps" behaves like Apple's MPS for dtypes, on any machine."""

from __future__ import annotations

import pytest

from tests.helpers import require

torch = require("torch")
np = require("numpy")

from f64lint.testing.mps_emulation import mps_emulation  # noqa: E402

FLOAT64 = (
    r"^Cannot convert a MPS Tensor to float64 dtype as the MPS framework doesn't support float64\. "
    r"Please use float32 instead\.$"
)
COMPLEX128 = r"^Cannot convert a MPS Tensor to complex128 dtype"


@pytest.mark.parametrize(
    "make",
    [
        lambda: torch.zeros(3, dtype=torch.float64, device="mps"),
        lambda: torch.arange(3, dtype=torch.double, device=torch.device("mps:0")),
        lambda: torch.from_numpy(np.linspace(0, 1, 3)).to("mps"),
        lambda: torch.tensor([0.5, 1.5], dtype=torch.float64).to(device=torch.device("mps")),
        lambda: torch.zeros(3, device="mps").double(),
        lambda: torch.zeros(3, device="mps").to(torch.float64),
        lambda: torch.nn.Linear(2, 2).double().to("mps"),
    ],
    ids=["factory", "factory-device-object", "from-numpy-moved", "moved-by-keyword", "double-on-mps",
         "cast-on-mps", "module-moved"],
)
def test_float64_on_mps_raises_the_backends_type_error(make):
    with mps_emulation(), pytest.raises(TypeError, match=FLOAT64):
        make()


def test_an_operation_promoting_to_float64_on_mps_raises_the_backends_runtime_error():
    with mps_emulation(), pytest.raises(RuntimeError, match=r"^MPS backend does not support float64 \(double\)"):
        torch.ones(2, device="mps") + torch.ones(2, dtype=torch.float64)


def test_complex128_on_mps_raises_too():
    with mps_emulation(), pytest.raises(TypeError, match=COMPLEX128):
        torch.zeros(3, dtype=torch.cdouble, device="mps")


def test_float32_work_runs_and_reports_mps():
    with mps_emulation():
        x = torch.arange(4, device="mps", dtype=torch.float32)
        layer = torch.nn.Linear(4, 2).to("mps")
        y = layer(x[None]).sin()
        assert (x.device.type, x.is_mps, y.device.type, y.dtype) == ("mps", True, "mps", torch.float32)
        assert next(layer.parameters()).device.type == "mps"
        back = y.cpu()
        assert (back.device.type, back.is_mps, y.to("cpu").device.type) == ("cpu", False, "cpu")
        assert torch.from_numpy(np.zeros(2)).to("mps", dtype=torch.float32).device.type == "mps"


def test_float64_stays_fine_on_the_cpu_and_outside_the_emulation():
    with mps_emulation():
        assert torch.zeros(2, dtype=torch.float64).device.type == "cpu"
        assert torch.zeros(2, device="mps").cpu().double().dtype == torch.float64
    assert torch.zeros(2).device.type == "cpu"
    with pytest.raises(RuntimeError):  # this CPU build has no real MPS
        torch.zeros(2, device="mps")
