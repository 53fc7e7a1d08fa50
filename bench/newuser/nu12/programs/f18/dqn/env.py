"""A NumPy CartPole, close to gym's classic-control one."""
import math

import numpy as np


class CartPole:
    gravity, masscart, masspole, length, force_mag, tau = 9.8, 1.0, 0.1, 0.5, 10.0, 0.02

    def __init__(self, seed=0):
        self.rng = np.random.default_rng(seed)
        self.state = None

    def reset(self):
        self.state = self.rng.uniform(-0.05, 0.05, size=4)
        return self.state.copy()

    def step(self, action):
        x, x_dot, theta, theta_dot = self.state
        force = self.force_mag if action == 1 else -self.force_mag
        total_mass = self.masscart + self.masspole
        temp = (force + self.masspole * self.length * theta_dot ** 2 * math.sin(theta)) / total_mass
        theta_acc = (self.gravity * math.sin(theta) - math.cos(theta) * temp) / (
            self.length * (4.0 / 3.0 - self.masspole * math.cos(theta) ** 2 / total_mass))
        x_acc = temp - self.masspole * self.length * theta_acc * math.cos(theta) / total_mass
        self.state = np.array([x + self.tau * x_dot, x_dot + self.tau * x_acc,
                               theta + self.tau * theta_dot, theta_dot + self.tau * theta_acc])
        done = abs(self.state[0]) > 2.4 or abs(self.state[2]) > 0.21
        return self.state.copy(), 1.0, done
