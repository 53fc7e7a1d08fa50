"""Initial conditions for a softened N-body run: a Plummer-like sphere."""
import numpy as np


def plummer(n, seed, scale=1.0):
    rng = np.random.default_rng(seed)
    radius = scale / np.sqrt(rng.uniform(0.05, 1.0, n) ** (-2.0 / 3.0) - 1.0)
    direction = rng.normal(size=(n, 3))
    direction /= np.linalg.norm(direction, axis=1, keepdims=True)
    positions = radius[:, None] * direction
    velocities = rng.normal(scale=0.1, size=(n, 3))
    masses = np.full(n, 1.0 / n)
    return {"pos": positions, "vel": velocities, "mass": masses}


def ensemble(n_bodies, n_runs):
    for seed in range(n_runs):
        yield seed, plummer(n_bodies, seed)
