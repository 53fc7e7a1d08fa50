"""A chain of masses joined by springs."""
import numpy as np


class SpringChain:
    def __init__(self, n_masses=8, k=40.0, mass=0.5, rest=1.0):
        self.n, self.k, self.mass, self.rest = n_masses, k, mass, rest

    def initial_state(self, stretch=0.2):
        q = np.arange(self.n) * self.rest
        q[-1] += stretch
        p = np.zeros(self.n)
        return q, p

    def forces(self, q):
        ext = np.diff(q) - self.rest
        f = np.zeros_like(q)
        f[:-1] += self.k * ext
        f[1:] -= self.k * ext
        return f
