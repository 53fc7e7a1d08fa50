"""Gravitational N-body simulation with a leapfrog integrator on the GPU."""
import argparse

import numpy as np
import torch


def parse_args():
    p = argparse.ArgumentParser(description="N-body")
    p.add_argument("--n", type=int, default=256)
    p.add_argument("--steps", type=int, default=50)
    p.add_argument("--dt", type=float, default=1e-3)
    p.add_argument("--device", default="mps" if torch.backends.mps.is_available() else "cpu")
    return p.parse_args()


def initial_conditions(n, seed=1):
    rng = np.random.default_rng(seed)
    r = rng.uniform(0.1, 1.0, n)
    phi = rng.uniform(0, 2 * np.pi, n)
    pos = np.stack([r * np.cos(phi), r * np.sin(phi), rng.normal(0, 0.05, n)], axis=1)
    speed = np.sqrt(1.0 / r)
    vel = np.stack([-speed * np.sin(phi), speed * np.cos(phi), np.zeros(n)], axis=1)
    mass = np.full(n, 1.0 / n)
    return pos, vel, mass


def accelerations(pos, mass, softening=0.05):
    diff = pos[None, :, :] - pos[:, None, :]
    dist2 = (diff ** 2).sum(-1) + softening ** 2
    inv = dist2.pow(-1.5)
    return (diff * (mass[None, :, None] * inv[..., None])).sum(1)


def main():
    args = parse_args()
    device = torch.device(args.device)
    pos, vel, mass = initial_conditions(args.n)
    state = torch.tensor(np.concatenate([pos, vel], axis=1), dtype=torch.float32, device=device)
    m = torch.tensor(mass, dtype=torch.float32, device=device)
    x, v = state[:, :3], state[:, 3:]
    a = accelerations(x, m)
    for _ in range(args.steps):
        v = v + 0.5 * args.dt * a
        x = x + args.dt * v
        a = accelerations(x, m)
        v = v + 0.5 * args.dt * a
    kinetic = 0.5 * (m * (v ** 2).sum(-1)).sum()
    print(f"kinetic energy after {args.steps} steps: {kinetic.item():.5f}")


if __name__ == "__main__":
    main()
