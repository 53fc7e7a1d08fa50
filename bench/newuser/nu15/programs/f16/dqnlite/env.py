"""A 1-D corridor environment with a gym-like API."""
import numpy as np


class Corridor:
    n_actions = 2

    def __init__(self, length=10, seed=0):
        self.length = length
        self.rng = np.random.default_rng(seed)
        self.pos = 0

    @property
    def obs_dim(self):
        return 3

    def _obs(self):
        return np.array([self.pos / self.length, 1.0 - self.pos / self.length, float(self.pos == self.length - 1)])

    def reset(self):
        self.pos = int(self.rng.integers(0, self.length // 2))
        return self._obs()

    def step(self, action):
        self.pos = max(0, min(self.length - 1, self.pos + (1 if action == 1 else -1)))
        done = self.pos == self.length - 1
        reward = 1.0 if done else -0.01
        return self._obs(), reward, done, {}
