"""A tiny DDPM on 2-D points (two moons), linear beta schedule from NumPy."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


def pick_device():
    return torch.device("mps") if torch.backends.mps.is_available() else torch.device("cpu")


class GaussianDiffusion:
    def __init__(self, timesteps=100, beta_start=1e-4, beta_end=0.02):
        self.timesteps = timesteps
        betas = np.linspace(beta_start, beta_end, timesteps)
        alphas = 1.0 - betas
        alphas_cumprod = np.cumprod(alphas, axis=0)
        self.betas = torch.from_numpy(betas).float()
        self.sqrt_alphas_cumprod = torch.from_numpy(np.sqrt(alphas_cumprod)).float()
        self.sqrt_one_minus_alphas_cumprod = torch.from_numpy(np.sqrt(1.0 - alphas_cumprod)).float()

    @staticmethod
    def _extract(values, t, x):
        out = values.to(x.device)[t]
        return out.reshape(-1, *([1] * (x.dim() - 1))).to(x.dtype)

    def q_sample(self, x0, t, noise):
        a = self._extract(self.sqrt_alphas_cumprod, t, x0)
        b = self._extract(self.sqrt_one_minus_alphas_cumprod, t, x0)
        return a * x0 + b * noise


class Denoiser(nn.Module):
    def __init__(self, dim=2, hidden=64, timesteps=100):
        super().__init__()
        self.t_embed = nn.Embedding(timesteps, hidden)
        self.inp = nn.Linear(dim, hidden)
        self.out = nn.Sequential(nn.SiLU(), nn.Linear(hidden, hidden), nn.SiLU(), nn.Linear(hidden, dim))

    def forward(self, x, t):
        return self.out(self.inp(x) + self.t_embed(t))


def two_moons(n, generator):
    theta = torch.rand(n, generator=generator) * torch.pi
    upper = torch.rand(n, generator=generator) < 0.5
    x = torch.where(upper, torch.cos(theta), 1 - torch.cos(theta))
    y = torch.where(upper, torch.sin(theta), 0.5 - torch.sin(theta))
    return torch.stack([x, y], dim=1)


def train(steps=30, batch=128):
    device = pick_device()
    diffusion = GaussianDiffusion()
    model = Denoiser().to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    gen = torch.Generator().manual_seed(0)
    for step in range(steps):
        x0 = two_moons(batch, gen).to(device)
        t = torch.randint(0, diffusion.timesteps, (batch,), device=device)
        noise = torch.randn_like(x0)
        xt = diffusion.q_sample(x0, t, noise)
        loss = F.mse_loss(model(xt, t), noise)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 10 == 0:
            print(step, round(loss.item(), 4))


if __name__ == "__main__":
    train()
