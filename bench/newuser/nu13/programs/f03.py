"""A small DDPM noise scheduler and one training step on toy 2-D data."""
import numpy as np
import torch
from torch import nn


class CosineScheduler:
    def __init__(self, num_steps=100, s=0.008):
        steps = np.arange(num_steps + 1) / num_steps
        f = np.cos((steps + s) / (1 + s) * np.pi / 2) ** 2
        alphas_bar = f / f[0]
        self.betas = np.clip(1 - alphas_bar[1:] / alphas_bar[:-1], 0, 0.999)
        self.alphas_cumprod = np.cumprod(1.0 - self.betas)
        self.num_steps = num_steps

    def add_noise(self, x0, noise, t):
        abar = torch.from_numpy(self.alphas_cumprod).to(x0.device)[t]
        abar = abar.view(-1, 1)
        noisy = abar.sqrt() * x0 + (1 - abar).sqrt() * noise
        return noisy.to(x0.dtype)


class Denoiser(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(3, 64), nn.SiLU(), nn.Linear(64, 2))

    def forward(self, x, t):
        return self.net(torch.cat([x, t.float().unsqueeze(1) / 100], dim=1))


def main():
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    sched = CosineScheduler()
    model = Denoiser().to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    data = torch.randn(256, 2, device=device) * 0.5 + 1.0
    for step in range(10):
        t = torch.randint(0, sched.num_steps, (data.shape[0],), device=device)
        noise = torch.randn_like(data)
        noisy = sched.add_noise(data, noise, t)
        loss = ((model(noisy, t) - noise) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("loss", loss.item())


if __name__ == "__main__":
    main()
