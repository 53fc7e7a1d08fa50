"""Ill-conditioned polynomial calibration fitted in float64 NumPy, evaluated in float32 on the device."""
import numpy as np
import torch


def fit_calibration(raw, reference, degree=9):
    # A degree-9 Vandermonde system is badly conditioned: solve it in float64 on the CPU.
    scale = np.abs(raw).max()
    V = np.vander(raw / scale, degree + 1)
    coeffs, *_ = np.linalg.lstsq(V, reference, rcond=None)
    return coeffs, scale


class Calibrator:
    def __init__(self, coeffs, scale, device):
        self.coeffs = torch.from_numpy(coeffs.astype(np.float32)).to(device)
        self.scale = float(scale)

    def __call__(self, raw):
        x = raw / self.scale
        out = torch.zeros_like(x)
        for c in self.coeffs:
            out = out * x + c
        return out


def main():
    rng = np.random.default_rng(0)
    raw = np.sort(rng.uniform(0, 5, 200))
    reference = np.log1p(raw) + 0.01 * rng.standard_normal(200)
    coeffs, scale = fit_calibration(raw, reference)
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    calib = Calibrator(coeffs, scale, device)
    readings = torch.linspace(0.1, 4.9, 5, device=device)
    print([round(v, 3) for v in calib(readings).cpu().tolist()])
    cond = np.linalg.cond(np.vander(raw / scale, 10))
    print(f"condition number {cond:.2e}")


if __name__ == "__main__":
    main()
