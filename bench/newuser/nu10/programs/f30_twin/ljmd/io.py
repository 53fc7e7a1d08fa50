from dataclasses import dataclass

import numpy as np


@dataclass
class Frame:
    symbols: list
    positions: np.ndarray  # (N, 3), in units of sigma
    box: float


def write_lattice_xyz(path, cells=3, spacing=1.6):
    grid = np.stack(np.meshgrid(*[np.arange(cells)] * 3, indexing="ij"), -1).reshape(-1, 3)
    basis = np.array([[0, 0, 0], [0.5, 0.5, 0], [0.5, 0, 0.5], [0, 0.5, 0.5]])
    pos = ((grid[:, None, :] + basis[None]) * spacing).reshape(-1, 3)
    with open(path, "w") as f:
        f.write(f"{len(pos)}\nbox={cells * spacing}\n")
        for p in pos:
            f.write(f"Ar {p[0]:.6f} {p[1]:.6f} {p[2]:.6f}\n")


def read_xyz(path):
    with open(path) as f:
        f.readline()
        box = float(f.readline().split("=")[1])
    symbols = np.loadtxt(path, skiprows=2, usecols=0, dtype=str).tolist()
    positions = np.loadtxt(path, skiprows=2, usecols=(1, 2, 3), dtype=np.float32)
    return Frame(symbols, positions, box)
