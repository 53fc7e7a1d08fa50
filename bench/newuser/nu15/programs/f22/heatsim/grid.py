"""Computational grid and initial condition for the 2-D heat equation."""
from dataclasses import dataclass

import numpy as np


@dataclass
class Grid:
    nx: int
    ny: int
    dx: float
    initial: np.ndarray
    diffusivity: np.ndarray


def make_grid(nx=64, ny=64, length=1.0):
    xs = np.linspace(0.0, length, nx)
    ys = np.linspace(0.0, length, ny)
    X, Y = np.meshgrid(xs, ys, indexing="ij")
    u0 = np.exp(-((X - 0.5) ** 2 + (Y - 0.5) ** 2) / 0.01)
    kappa = np.where(X < 0.5, 1.0, 0.2)
    return Grid(nx, ny, xs[1] - xs[0], u0, kappa)
