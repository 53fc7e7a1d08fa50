"""EDM-style denoiser training step: noise levels interpolated from a tabulated schedule."""
import json

import numpy as np
import torch
import torch.nn as nn

SIGMA_DATA = 0.5


class Schedule:
    def __init__(self, n=64, sigma_min=0.002, sigma_max=80.0):
        self.u = np.linspace(0.0, 1.0, n)
        self.sigmas = np.exp(np.log(sigma_min) + self.u * (np.log(sigma_max) - np.log(sigma_min)))

    def sigma_at(self, u):
        return np.interp(u, self.u, self.sigmas)


class Denoiser(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim + 1, 32), nn.SiLU(), nn.Linear(32, dim))

    def forward(self, x, sigma):
        c_in = 1 / (sigma ** 2 + SIGMA_DATA ** 2).sqrt()
        c_noise = sigma.log() / 4
        inp = torch.cat([x * c_in, c_noise.expand(x.shape[0], 1)], dim=1)
        return self.net(inp.float())


def main():
    torch.manual_seed(0)
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    sched = Schedule()
    model = Denoiser().to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    rng = np.random.default_rng(0)
    for _ in range(10):
        x0 = torch.randn(16, 8, device=device) * SIGMA_DATA
        sigma = torch.tensor(sched.sigma_at(rng.uniform(0.2, 0.8)), device=device)
        noisy = x0 + sigma * torch.randn_like(x0)
        loss = ((model(noisy, sigma) - x0) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("RESULT " + json.dumps({"loss": loss.item()}))


if __name__ == "__main__":
    main()
