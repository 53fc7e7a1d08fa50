"""A tiny DDPM on 2-D points with a cosine noise schedule."""
import math

import numpy as np
import torch
from torch import nn

DEVICE = "mps" if torch.backends.mps.is_available() else ("cuda" if torch.cuda.is_available() else "cpu")


def cosine_betas(timesteps, s=0.008):
    steps = np.arange(timesteps + 1) / timesteps
    alphas_bar = np.cos((steps + s) / (1 + s) * math.pi / 2) ** 2
    alphas_bar = alphas_bar / alphas_bar[0]
    betas = 1 - alphas_bar[1:] / alphas_bar[:-1]
    return np.clip(betas, 0, 0.999)


def extract(values, t, ndim):
    out = values.gather(0, t).float()
    return out.reshape(-1, *([1] * (ndim - 1)))


class Diffusion(nn.Module):
    def __init__(self, timesteps=100):
        super().__init__()
        betas = cosine_betas(timesteps)
        alphas_bar = np.cumprod(1.0 - betas)
        self.timesteps = timesteps
        self.register_buffer("sqrt_ab", torch.from_numpy(np.sqrt(alphas_bar)))
        self.register_buffer("sqrt_1m_ab", torch.from_numpy(np.sqrt(1.0 - alphas_bar)))
        self.net = nn.Sequential(nn.Linear(3, 64), nn.SiLU(), nn.Linear(64, 2))

    def loss(self, x0):
        t = torch.randint(0, self.timesteps, (x0.shape[0],), device=x0.device)
        noise = torch.randn_like(x0)
        xt = extract(self.sqrt_ab, t, x0.ndim) * x0 + extract(self.sqrt_1m_ab, t, x0.ndim) * noise
        inp = torch.cat([xt, (t.float() / self.timesteps)[:, None]], dim=1)
        return ((self.net(inp) - noise) ** 2).mean()


def two_moons(n):
    angle = torch.rand(n) * math.pi
    upper = torch.stack([torch.cos(angle), torch.sin(angle)], 1)
    lower = torch.stack([1 - torch.cos(angle), 0.5 - torch.sin(angle)], 1)
    return torch.cat([upper, lower]) + 0.05 * torch.randn(2 * n, 2)


def main():
    torch.manual_seed(0)
    model = Diffusion().to(DEVICE)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    data = two_moons(256).to(DEVICE)
    for step in range(50):
        loss = model.loss(data)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("final loss", loss.item())


if __name__ == "__main__":
    main()
