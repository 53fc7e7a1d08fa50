"""Cosine noise schedule computed in float64 NumPy, cast to float32 before it meets the device."""
import math

import numpy as np
import torch


def cosine_alphas_cumprod(timesteps, s=0.008):
    steps = np.arange(timesteps + 1, dtype=np.float64) / timesteps
    f = np.cos((steps + s) / (1 + s) * math.pi / 2) ** 2
    alphas_cumprod = f / f[0]
    betas = np.clip(1 - alphas_cumprod[1:] / alphas_cumprod[:-1], 0, 0.999)
    return np.cumprod(1.0 - betas)


class Schedule:
    def __init__(self, timesteps, device):
        table = torch.from_numpy(cosine_alphas_cumprod(timesteps)).float()
        self.sqrt_ac = table.sqrt().to(device)
        self.sqrt_1m_ac = (1 - table).sqrt().to(device)

    def q_sample(self, x0, t, noise):
        return self.sqrt_ac[t][:, None] * x0 + self.sqrt_1m_ac[t][:, None] * noise


if __name__ == "__main__":
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    sched = Schedule(1000, device)
    x0 = torch.randn(8, 4, device=device)
    t = torch.randint(0, 1000, (8,), device=device)
    xt = sched.q_sample(x0, t, torch.randn_like(x0))
    print(xt.dtype, tuple(xt.shape))
