"""Polynomial calibration curve: an ill-conditioned Vandermonde fit in float64 on the CPU, applied in float32 on the device."""
import numpy as np
import torch


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def fit_calibration(raw, reference, degree=9):
    # the Vandermonde matrix is badly conditioned: solve in float64, on the CPU
    x = torch.as_tensor(raw, dtype=torch.float64)
    y = torch.as_tensor(reference, dtype=torch.float64)
    vander = torch.linalg.vander(x, N=degree + 1)
    coeffs = torch.linalg.lstsq(vander, y[:, None], driver="gelsd").solution.squeeze(1)
    cond = torch.linalg.cond(vander).item()
    return coeffs, cond


def apply_calibration(coeffs, readings):
    powers = torch.arange(coeffs.shape[0], device=readings.device)
    return (readings[:, None] ** powers * coeffs).sum(-1)


def main():
    rng = np.random.default_rng(0)
    raw = np.linspace(0.0, 1.0, 200)
    reference = np.sin(3 * raw) + 0.2 * raw ** 3 + rng.normal(0, 1e-4, raw.shape)
    coeffs, cond = fit_calibration(raw, reference)
    device = get_device()
    coeffs_dev = coeffs.to(torch.float32).to(device)
    readings = torch.rand(1000, device=device)
    corrected = apply_calibration(coeffs_dev, readings)
    expected = torch.sin(3 * readings) + 0.2 * readings ** 3
    print(f"cond {cond:.2e}, max error {(corrected - expected).abs().max().item():.2e}")


if __name__ == "__main__":
    main()
