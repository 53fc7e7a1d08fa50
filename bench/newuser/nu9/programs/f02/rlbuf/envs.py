"""A tiny point-mass environment with a gym-like API."""
import numpy as np


class PointMass:
    def __init__(self, seed=0, dt=0.05):
        self.rng = np.random.default_rng(seed)
        self.dt = dt
        self.state = None

    def reset(self):
        self.state = self.rng.uniform(-1.0, 1.0, size=2)
        return self.state.copy()

    def step(self, action):
        pos, vel = self.state
        vel = vel + self.dt * float(action)
        pos = pos + self.dt * vel
        self.state = np.array([pos, vel])
        reward = -(pos ** 2) - 0.1 * float(action) ** 2
        done = abs(pos) > 2.0
        return self.state.copy(), reward, done, {}
