import numpy as np

G = 1.0


def plummer_sphere(n, scale=1.0, seed=0):
    """Positions, velocities and masses for a Plummer star cluster."""
    rng = np.random.default_rng(seed)
    radius = scale / np.sqrt(rng.uniform(0.01, 1.0, n) ** (-2.0 / 3.0) - 1.0)
    direction = rng.normal(size=(n, 3))
    direction /= np.linalg.norm(direction, axis=1, keepdims=True)
    pos = radius[:, None] * direction
    vel = rng.normal(scale=0.3, size=(n, 3))
    vel -= vel.mean(axis=0)
    mass = np.full(n, 1.0 / n)
    return {"pos": pos, "vel": vel, "mass": mass}
