"""1-D shallow-water wave equation, leapfrog in time."""
import math

import torch


def initial_state(cfg):
    x = torch.linspace(0, 1, cfg.nx, dtype=cfg.torch_dtype, device=cfg.device)
    eta = torch.exp(-((x - 0.5) ** 2) / 0.005)
    return x, eta, eta.clone()


def run(cfg):
    x, eta_prev, eta = initial_state(cfg)
    dx = 1.0 / (cfg.nx - 1)
    c2 = (cfg.wave_speed * cfg.dt / dx) ** 2
    for _ in range(cfg.steps):
        lap = torch.zeros_like(eta)
        lap[1:-1] = eta[2:] - 2 * eta[1:-1] + eta[:-2]
        eta_prev, eta = eta, 2 * eta - eta_prev + c2 * lap
    return eta
