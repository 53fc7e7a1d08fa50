"""Noise schedules (Nichol & Dhariwal cosine schedule)."""
import math

import numpy as np


def cosine_betas(timesteps, s=0.008, max_beta=0.999):
    steps = np.arange(timesteps + 1) / timesteps
    alphas_bar = np.cos((steps + s) / (1 + s) * math.pi / 2) ** 2
    betas = 1 - alphas_bar[1:] / alphas_bar[:-1]
    return np.clip(betas, 0, max_beta)


def linear_betas(timesteps, start=1e-4, end=2e-2):
    return np.linspace(start, end, timesteps)


SCHEDULES = {"cosine": cosine_betas, "linear": linear_betas}
