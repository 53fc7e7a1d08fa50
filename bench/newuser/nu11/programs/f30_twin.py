"""Langevin dynamics of particles in a double-well potential, configured by a dataclass."""
from dataclasses import dataclass, field

import torch


def default_device():
    if torch.cuda.is_available():
        return "cuda"
    if torch.backends.mps.is_available():
        return "mps"
    return "cpu"


@dataclass
class LangevinConfig:
    n_particles: int = 256
    dt: float = 1e-3
    temperature: float = 0.5
    friction: float = 1.0
    dtype: torch.dtype = torch.float32
    device: str = field(default_factory=default_device)


def force(x):
    return -4 * x * (x**2 - 1)


def simulate(cfg, steps=2):
    gen = torch.Generator().manual_seed(0)
    x = torch.zeros(cfg.n_particles, dtype=cfg.dtype, device=cfg.device)
    v = torch.zeros_like(x)
    scale = (2 * cfg.friction * cfg.temperature * cfg.dt) ** 0.5
    for _ in range(steps):
        noise = torch.randn(cfg.n_particles, generator=gen).to(x)
        v = v + cfg.dt * (force(x) - cfg.friction * v) + scale * noise
        x = x + cfg.dt * v
    return x


def main():
    cfg = LangevinConfig()
    x = simulate(cfg)
    print("mean position", x.mean().item(), "dtype", x.dtype)


if __name__ == "__main__":
    main()
