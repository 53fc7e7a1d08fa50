"""Train a toy DDPM denoiser on 2-D points (linear beta schedule)."""
import argparse

import numpy as np
import torch
from torch import nn


class LinearNoiseScheduler:
    def __init__(self, num_train_timesteps=200, beta_start=1e-4, beta_end=0.02):
        self.num_train_timesteps = num_train_timesteps
        betas = np.linspace(beta_start, beta_end, num_train_timesteps)
        alphas = 1.0 - betas
        self.betas = torch.from_numpy(betas)
        self.alphas_cumprod = torch.from_numpy(np.cumprod(alphas, axis=0))

    def add_noise(self, original, noise, timesteps):
        alphas_cumprod = self.alphas_cumprod.to(device=original.device)
        sqrt_alpha_prod = (alphas_cumprod[timesteps] ** 0.5).to(original.dtype)
        sqrt_one_minus = ((1 - alphas_cumprod[timesteps]) ** 0.5).to(original.dtype)
        return sqrt_alpha_prod[:, None] * original + sqrt_one_minus[:, None] * noise


class Denoiser(nn.Module):
    def __init__(self, dim=2, hidden=64):
        super().__init__()
        self.embed = nn.Embedding(1000, hidden)
        self.inp = nn.Linear(dim, hidden)
        self.out = nn.Sequential(nn.SiLU(), nn.Linear(hidden, dim))

    def forward(self, x, t):
        return self.out(self.inp(x) + self.embed(t))


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--device", default="mps" if torch.backends.mps.is_available() else "cpu")
    parser.add_argument("--steps", type=int, default=20)
    return parser.parse_args([])


def main():
    args = parse_args()
    device = torch.device(args.device)
    torch.manual_seed(0)
    scheduler = LinearNoiseScheduler()
    model = Denoiser().to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(args.steps):
        angles = torch.rand(128, device=device) * 6.2831
        x0 = torch.stack([angles.cos(), angles.sin()], dim=-1)
        noise = torch.randn_like(x0)
        t = torch.randint(0, scheduler.num_train_timesteps, (128,), device=device)
        noisy = scheduler.add_noise(x0, noise, t)
        loss = nn.functional.mse_loss(model(noisy, t), noise)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("final loss", loss.item())


if __name__ == "__main__":
    main()
