"""DDPM forward process: noise a batch of images at random timesteps."""
import json

import numpy as np
import torch
import torch.nn as nn


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


class LinearNoiseSchedule:
    def __init__(self, num_steps=1000, beta_start=1e-4, beta_end=0.02):
        betas = np.linspace(beta_start, beta_end, num_steps)
        alphas = 1.0 - betas
        self.num_steps = num_steps
        self.alphas_cumprod = torch.from_numpy(np.cumprod(alphas)).float()

    def add_noise(self, x0, noise, t):
        abar = self.alphas_cumprod.to(x0.device)[t]
        abar = abar.view(-1, 1, 1, 1)
        return abar.sqrt() * x0 + (1 - abar).sqrt() * noise


def main():
    torch.manual_seed(0)
    device = get_device()
    denoiser = nn.Conv2d(3, 3, 3, padding=1).to(device)
    sched = LinearNoiseSchedule()
    x0 = torch.rand(4, 3, 8, 8, device=device) * 2 - 1
    noise = torch.randn_like(x0)
    t = torch.randint(0, sched.num_steps, (4,), device=device)
    xt = sched.add_noise(x0, noise, t)
    loss = ((denoiser(xt.float()) - noise) ** 2).mean()
    print("RESULT " + json.dumps({"loss": loss.item(), "xt_mean": xt.mean().item()}))


if __name__ == "__main__":
    main()
