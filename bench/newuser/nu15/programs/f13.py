"""Langevin dynamics of particles in a double-well potential, driven by a config dataclass."""
from dataclasses import dataclass, field

import torch


def default_device():
    return "mps" if torch.backends.mps.is_available() else "cpu"


@dataclass
class SimConfig:
    n_particles: int = 2048
    steps: int = 200
    dt: float = 1e-3
    temperature: float = 0.5
    friction: float = 1.0
    dtype: torch.dtype = torch.float64
    device: str = field(default_factory=default_device)


def potential(x):
    return (x ** 2 - 1.0) ** 2


def force(x):
    x = x.detach().requires_grad_(True)
    (grad,) = torch.autograd.grad(potential(x).sum(), x)
    return -grad


def simulate(cfg: SimConfig):
    g = torch.Generator(device="cpu").manual_seed(0)
    x = torch.randn(cfg.n_particles, generator=g).to(device=cfg.device, dtype=cfg.dtype)
    noise_scale = (2.0 * cfg.friction * cfg.temperature * cfg.dt) ** 0.5
    for _ in range(cfg.steps):
        x = x + cfg.dt * force(x) / cfg.friction + noise_scale * torch.randn_like(x)
    return x


if __name__ == "__main__":
    cfg = SimConfig()
    final = simulate(cfg)
    print("fraction in right well:", (final > 0).float().mean().item())
