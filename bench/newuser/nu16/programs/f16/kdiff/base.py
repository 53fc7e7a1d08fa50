import numpy as np


class SamplerBase:
    """Shared noise-level schedule (Karras et al. 2022) for the samplers."""

    def __init__(self, num_steps=20, sigma_min=0.002, sigma_max=80.0, rho=7.0):
        self.num_steps = num_steps
        ramp = np.linspace(0, 1, num_steps)
        min_inv_rho = sigma_min ** (1 / rho)
        max_inv_rho = sigma_max ** (1 / rho)
        sigmas = (max_inv_rho + ramp * (min_inv_rho - max_inv_rho)) ** rho
        self.sigmas = np.append(sigmas, 0.0)

    def step(self, x, denoised, i):
        raise NotImplementedError
