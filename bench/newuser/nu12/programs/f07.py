"""Gravitational N-body simulation: initial conditions in NumPy, integration in torch."""
from dataclasses import dataclass, field

import numpy as np
import torch

G = 1.0


@dataclass
class State:
    n: int
    pos: np.ndarray = field(init=False)
    vel: np.ndarray = field(init=False)
    mass: np.ndarray = field(init=False)

    def __post_init__(self):
        rng = np.random.default_rng(42)
        # positions in double precision: the integrator accumulates small steps
        self.pos = rng.standard_normal((self.n, 3)).astype(np.float64)
        self.vel = np.zeros((self.n, 3), dtype=np.float64)
        self.mass = np.full(self.n, 1.0 / self.n, dtype=np.float64)


def accelerations(pos, mass, softening=0.1):
    diff = pos[None, :, :] - pos[:, None, :]
    inv_r3 = (diff.pow(2).sum(-1) + softening ** 2).pow(-1.5)
    return G * (diff * (inv_r3 * mass[None, :])[..., None]).sum(1)


def leapfrog(pos, vel, mass, dt, steps):
    acc = accelerations(pos, mass)
    for _ in range(steps):
        vel = vel + 0.5 * dt * acc
        pos = pos + dt * vel
        acc = accelerations(pos, mass)
        vel = vel + 0.5 * dt * acc
    return pos, vel


def energy(pos, vel, mass):
    kinetic = 0.5 * (mass[:, None] * vel ** 2).sum()
    dist = torch.cdist(pos, pos) + torch.eye(len(mass), device=pos.device)
    pair = mass[:, None] * mass[None, :] / dist
    potential = -0.5 * G * (pair.sum() - pair.diagonal().sum())
    return (kinetic + potential).item()


def main():
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    state = State(n=64)
    pos = torch.as_tensor(state.pos).to(device)
    vel = torch.as_tensor(state.vel).to(device)
    mass = torch.as_tensor(state.mass).to(device)
    e0 = energy(pos, vel, mass)
    pos, vel = leapfrog(pos, vel, mass, dt=1e-3, steps=200)
    print(f"relative energy drift: {abs(energy(pos, vel, mass) - e0) / abs(e0):.2e}")


if __name__ == "__main__":
    main()
