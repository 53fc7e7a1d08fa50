import math

import numpy as np


def cosine_betas(num_steps, s=0.008, max_beta=0.999):
    t = np.linspace(0, num_steps, num_steps + 1) / num_steps
    f = np.cos((t + s) / (1 + s) * math.pi / 2) ** 2
    alphas_bar = f / f[0]
    betas = 1 - alphas_bar[1:] / alphas_bar[:-1]
    return np.clip(betas, 0, max_beta)


class NoiseSchedule:
    def __init__(self, num_steps=100):
        self.num_steps = num_steps
        self.betas = cosine_betas(num_steps)
        self.alphas = 1.0 - self.betas
        self.alphas_cumprod = np.cumprod(self.alphas)
        self.sqrt_ab = np.sqrt(self.alphas_cumprod)
        self.sqrt_1m_ab = np.sqrt(1.0 - self.alphas_cumprod)
