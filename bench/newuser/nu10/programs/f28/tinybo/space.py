import numpy as np
from scipy.stats import qmc


class Box:
    def __init__(self, lower, upper, seed=0):
        self.lower, self.upper = np.asarray(lower, dtype=float), np.asarray(upper, dtype=float)
        self.sobol = qmc.Sobol(d=len(lower), scramble=True, seed=seed)

    def sample(self, n):
        return qmc.scale(self.sobol.random(n), self.lower, self.upper)


def branin(x):
    a, b, c, r, s, t = 1.0, 5.1 / (4 * np.pi**2), 5 / np.pi, 6.0, 10.0, 1 / (8 * np.pi)
    x1, x2 = x[..., 0], x[..., 1]
    return a * (x2 - b * x1**2 + c * x1 - r) ** 2 + s * (1 - t) * np.cos(x1) + s
