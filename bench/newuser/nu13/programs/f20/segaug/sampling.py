import numpy as np


class ParamSampler:
    """Draws per-sample augmentation parameters (kept in NumPy so runs are reproducible)."""

    def __init__(self, seed=0):
        self.rng = np.random.default_rng(seed)

    def brightness(self, batch, strength):
        return self.rng.uniform(1 - strength, 1 + strength, size=(batch, 1, 1, 1))

    def channel_gains(self, batch, strength):
        return 1.0 + strength * self.rng.standard_normal((batch, 3, 1, 1))

    def flips(self, batch, p=0.5):
        return self.rng.random(batch) < p
