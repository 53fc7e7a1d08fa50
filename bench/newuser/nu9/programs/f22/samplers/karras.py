import numpy as np

from .base import BaseScheduler


class KarrasScheduler(BaseScheduler):
    def __init__(self, rho=7.0, **kwargs):
        super().__init__(**kwargs)
        self.rho = rho

    def _compute_sigmas(self, timesteps):
        ramp = np.linspace(0, 1, len(timesteps))
        min_inv = self.sigma_min ** (1 / self.rho)
        max_inv = self.sigma_max ** (1 / self.rho)
        return (max_inv + ramp * (min_inv - max_inv)) ** self.rho
