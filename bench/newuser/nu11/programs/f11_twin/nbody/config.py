"""Simulation settings for a learned N-body integrator."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class SimConfig:
    n_bodies: int = 8
    dt: float = 0.01
    softening: float = 0.05
    gravity: np.ndarray = field(default_factory=lambda: np.array([0.0, 0.0, -9.81]))
    box: np.ndarray = field(default_factory=lambda: np.ones(3) * 2.0)
    seed: int = 0

    def initial_state(self):
        rng = np.random.default_rng(self.seed)
        pos = rng.uniform(-1, 1, size=(self.n_bodies, 3)).astype(np.float32)
        vel = np.zeros((self.n_bodies, 3), dtype=np.float32)
        return pos, vel
