"""Noise levels of Karras et al. (2022), computed once on the host."""
from dataclasses import dataclass

import numpy as np


@dataclass
class KarrasSchedule:
    sigma_min: float = 0.002
    sigma_max: float = 80.0
    rho: float = 7.0

    def sigmas(self, steps):
        ramp = np.linspace(0, 1, steps)
        min_inv_rho = self.sigma_min ** (1 / self.rho)
        max_inv_rho = self.sigma_max ** (1 / self.rho)
        sigmas = (max_inv_rho + ramp * (min_inv_rho - max_inv_rho)) ** self.rho
        return np.append(sigmas, 0.0)
