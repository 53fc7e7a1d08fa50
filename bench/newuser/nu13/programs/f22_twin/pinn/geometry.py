import numpy as np


def unit_square_points(n_interior=20, n_boundary=40):
    g = np.linspace(0.0, 1.0, n_interior + 2)[1:-1]
    xx, yy = np.meshgrid(g, g, indexing="ij")
    interior = np.stack([xx.ravel(), yy.ravel()], axis=1)
    s = np.linspace(0.0, 1.0, n_boundary)
    zeros, ones = np.zeros_like(s), np.ones_like(s)
    boundary = np.concatenate([
        np.stack([s, zeros], 1), np.stack([s, ones], 1),
        np.stack([zeros, s], 1), np.stack([ones, s], 1),
    ])
    return interior, boundary


def forcing(points):
    x, y = points[:, 0], points[:, 1]
    return 2 * np.pi ** 2 * np.sin(np.pi * x) * np.sin(np.pi * y)
