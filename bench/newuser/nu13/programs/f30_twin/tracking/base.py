import numpy as np


class LinearGaussianModel:
    """x_{t+1} = F x_t + w,  z_t = H x_t + v."""

    state_dim = 1
    obs_dim = 1

    def __init__(self, dt=1.0, process_noise=1e-2, measurement_noise=1e-1):
        self.dt = dt
        self.F = np.eye(self.state_dim)
        self.H = np.eye(self.obs_dim, self.state_dim)
        self.Q = process_noise * np.eye(self.state_dim)
        self.R = measurement_noise * np.eye(self.obs_dim)
        self.build()

    def build(self):
        pass

    def initial_covariance(self):
        return np.eye(self.state_dim) * 10.0
