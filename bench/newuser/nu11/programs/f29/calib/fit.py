"""Fit camera distortion coefficients with SciPy least squares."""
import numpy as np
from scipy.optimize import least_squares


def synth_points(n=50, k_true=(0.12, -0.03), seed=0):
    rng = np.random.default_rng(seed)
    pts = rng.uniform(-1, 1, size=(n, 2))
    r2 = (pts**2).sum(1, keepdims=True)
    distorted = pts * (1 + k_true[0] * r2 + k_true[1] * r2**2)
    return pts, distorted + 1e-3 * rng.standard_normal(pts.shape)


def fit_distortion(pts, observed):
    def residual(k):
        r2 = (pts**2).sum(1, keepdims=True)
        return (pts * (1 + k[0] * r2 + k[1] * r2**2) - observed).ravel()

    result = least_squares(residual, x0=np.zeros(2))
    return result.x
