import math

import torch


def simulate_gbm(cfg):
    """Geometric Brownian motion paths, shape (paths, steps)."""
    dt = cfg.maturity / cfg.steps
    dtype = getattr(torch, cfg.dtype)
    gen = torch.Generator(device=cfg.device).manual_seed(cfg.seed)
    z = torch.randn(cfg.paths, cfg.steps, generator=gen, dtype=dtype, device=cfg.device)
    log_returns = (cfg.rate - 0.5 * cfg.vol**2) * dt + cfg.vol * math.sqrt(dt) * z
    return cfg.spot * torch.exp(torch.cumsum(log_returns, dim=1))


def price(cfg, paths):
    disc = math.exp(-cfg.rate * cfg.maturity)
    european = disc * (paths[:, -1] - cfg.strike).clamp_min(0).mean()
    asian = disc * (paths.mean(dim=1) - cfg.strike).clamp_min(0).mean()
    return european.item(), asian.item()
