"""Camera calibration: least-squares fit in float64 with NumPy, applied to images on the accelerator in float32."""
import numpy as np
import torch


def fit_polynomial_distortion(r_obs, r_true, degree=3):
    A = np.stack([r_obs ** (2 * k + 1) for k in range(degree)], axis=1)
    coeffs, *_ = np.linalg.lstsq(A, r_true, rcond=None)
    return coeffs


def undistort(points, coeffs):
    r = points.norm(dim=-1, keepdim=True)
    scale = sum(c * r ** (2 * k) for k, c in enumerate(coeffs))
    return points * scale


def main():
    rng = np.random.default_rng(0)
    r_true = np.linspace(0.0, 1.0, 200)
    r_obs = r_true * (1 + 0.08 * r_true ** 2) + rng.normal(0, 1e-4, 200)
    coeffs = fit_polynomial_distortion(r_obs, r_true)
    print("condition-sensitive fit done:", coeffs)
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    coeffs_t = torch.from_numpy(coeffs.astype(np.float32)).to(device)
    pts = torch.rand(1000, 2, device=device) * 2 - 1
    out = undistort(pts, coeffs_t)
    print(out.dtype, out.device.type, float(out.abs().max()))


if __name__ == "__main__":
    main()
