import numpy as np


class ChainWalk:
    """Walk along a chain of states; reward 1 at the right end."""

    def __init__(self, length=8):
        self.length = length
        self.state = 0

    def _obs(self):
        obs = np.zeros(self.length, dtype=np.float32)
        obs[self.state] = 1.0
        return obs

    def reset(self):
        self.state = 0
        return self._obs()

    def step(self, action):
        self.state = max(0, min(self.length - 1, self.state + (1 if action == 1 else -1)))
        done = self.state == self.length - 1
        return self._obs(), (1.0 if done else -0.01), done
