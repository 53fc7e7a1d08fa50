"""Noise schedules for a small DDPM."""
import math

import numpy as np
import torch


def cosine_betas(num_steps, s=0.008):
    steps = np.arange(num_steps + 1) / num_steps
    f = np.cos((steps + s) / (1 + s) * math.pi / 2) ** 2
    alphas_bar = f / f[0]
    betas = 1 - alphas_bar[1:] / alphas_bar[:-1]
    return np.clip(betas, 0, 0.999)


class NoiseScheduler:
    def __init__(self, num_steps=50):
        self.num_steps = num_steps
        betas = cosine_betas(num_steps)
        alphas = 1.0 - betas
        self.alphas_cumprod = torch.from_numpy(np.cumprod(alphas)).float()
        self.sqrt_ab = self.alphas_cumprod.sqrt()
        self.sqrt_1m_ab = (1 - self.alphas_cumprod).sqrt()

    def tables(self):
        return {"sqrt_ab": self.sqrt_ab, "sqrt_1m_ab": self.sqrt_1m_ab}
