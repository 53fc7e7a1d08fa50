"""Karras et al. (2022) noise levels."""
import numpy as np


def karras_sigmas(n, sigma_min=0.002, sigma_max=80.0, rho=7.0):
    ramp = np.linspace(0, 1, n)
    min_inv_rho = sigma_min ** (1 / rho)
    max_inv_rho = sigma_max ** (1 / rho)
    sigmas = (max_inv_rho + ramp * (min_inv_rho - max_inv_rho)) ** rho
    return np.append(sigmas, 0.0)
