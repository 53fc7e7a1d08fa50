"""Toy DDPM on 2-D points with a cosine noise schedule (improved-diffusion style helpers)."""
import math

import numpy as np
import torch
import torch.nn as nn


def cosine_betas(num_steps, s=0.008, max_beta=0.999):
    def alpha_bar(t):
        return math.cos((t + s) / (1 + s) * math.pi / 2) ** 2

    betas = []
    for i in range(num_steps):
        t1, t2 = i / num_steps, (i + 1) / num_steps
        betas.append(min(1 - alpha_bar(t2) / alpha_bar(t1), max_beta))
    return np.array(betas)


def extract(arr, timesteps, broadcast_shape):
    res = torch.from_numpy(arr).float().to(device=timesteps.device)[timesteps]
    while len(res.shape) < len(broadcast_shape):
        res = res[..., None]
    return res.expand(broadcast_shape)


class GaussianDiffusion:
    def __init__(self, num_steps=100):
        self.num_steps = num_steps
        betas = cosine_betas(num_steps)
        alphas = 1.0 - betas
        self.alphas_cumprod = np.cumprod(alphas, axis=0)
        self.sqrt_alphas_cumprod = np.sqrt(self.alphas_cumprod)
        self.sqrt_one_minus_alphas_cumprod = np.sqrt(1.0 - self.alphas_cumprod)

    def q_sample(self, x_start, t, noise):
        return (extract(self.sqrt_alphas_cumprod, t, x_start.shape) * x_start
                + extract(self.sqrt_one_minus_alphas_cumprod, t, x_start.shape) * noise)


class Denoiser(nn.Module):
    def __init__(self, dim=2, hidden=64, num_steps=100):
        super().__init__()
        self.t_embed = nn.Embedding(num_steps, hidden)
        self.inp = nn.Linear(dim, hidden)
        self.out = nn.Sequential(nn.SiLU(), nn.Linear(hidden, dim))

    def forward(self, x, t):
        return self.out(self.inp(x) + self.t_embed(t))


def two_moons(n):
    theta = torch.rand(n) * math.pi
    upper = torch.rand(n) > 0.5
    x = torch.where(upper, torch.cos(theta), 1 - torch.cos(theta))
    y = torch.where(upper, torch.sin(theta), 0.5 - torch.sin(theta))
    return torch.stack([x, y], dim=1)


if __name__ == "__main__":
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    torch.manual_seed(0)
    diffusion = GaussianDiffusion(100)
    model = Denoiser().to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(50):
        x0 = two_moons(128).to(device)
        t = torch.randint(0, diffusion.num_steps, (x0.shape[0],), device=device)
        noise = torch.randn_like(x0)
        xt = diffusion.q_sample(x0, t, noise)
        loss = nn.functional.mse_loss(model(xt, t), noise)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("final loss", loss.item())
