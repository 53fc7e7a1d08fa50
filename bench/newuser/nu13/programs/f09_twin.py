"""Gravitational N-body integrator (leapfrog) configured by a dataclass."""
from dataclasses import dataclass, field

import torch


@dataclass
class SimConfig:
    n_bodies: int = 64
    steps: int = 50
    dt: float = 1e-3
    softening: float = 1e-2
    G: float = 1.0
    dtype: torch.dtype = torch.float32
    device: torch.device = field(
        default_factory=lambda: torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    )


def initial_conditions(cfg: SimConfig, seed=0):
    gen = torch.Generator().manual_seed(seed)
    pos = torch.randn(cfg.n_bodies, 3, generator=gen)
    vel = 0.1 * torch.randn(cfg.n_bodies, 3, generator=gen)
    mass = torch.rand(cfg.n_bodies, generator=gen) + 0.5
    return [t.to(device=cfg.device, dtype=cfg.dtype) for t in (pos, vel, mass)]


def accelerations(pos, mass, cfg):
    diff = pos[None, :, :] - pos[:, None, :]
    inv_r3 = ((diff ** 2).sum(-1) + cfg.softening ** 2) ** -1.5
    return cfg.G * (diff * (inv_r3 * mass[None, :])[..., None]).sum(1)


def energy(pos, vel, mass, cfg):
    kinetic = 0.5 * (mass * (vel ** 2).sum(-1)).sum()
    r = torch.cdist(pos, pos) + torch.eye(len(mass), device=pos.device, dtype=pos.dtype)
    potential = -0.5 * cfg.G * (mass[:, None] * mass[None, :] / r).triu(1).sum() * 2
    return (kinetic + potential).item()


def run(cfg: SimConfig):
    pos, vel, mass = initial_conditions(cfg)
    e0 = energy(pos, vel, mass, cfg)
    acc = accelerations(pos, mass, cfg)
    for _ in range(cfg.steps):
        vel = vel + 0.5 * cfg.dt * acc
        pos = pos + cfg.dt * vel
        acc = accelerations(pos, mass, cfg)
        vel = vel + 0.5 * cfg.dt * acc
    return e0, energy(pos, vel, mass, cfg)


if __name__ == "__main__":
    e0, e1 = run(SimConfig())
    print(f"relative energy drift {abs(e1 - e0) / abs(e0):.2e}")
