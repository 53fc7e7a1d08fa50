import numpy as np

from .base import LinearGaussianModel


class ConstantVelocity2D(LinearGaussianModel):
    state_dim = 4
    obs_dim = 2

    def build(self):
        dt = self.dt
        self.F[0, 2] = self.F[1, 3] = dt
        q = self.Q[0, 0]
        block = q * np.array([[dt ** 3 / 3, dt ** 2 / 2], [dt ** 2 / 2, dt]])
        self.Q = np.kron(block, np.eye(2))
