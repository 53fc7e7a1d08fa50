import torch
from torch import nn


class ToyDenoiser(nn.Module):
    """Predicts the clean sample of 2-D points from a noisy one and its noise level."""

    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(3, 64), nn.SiLU(), nn.Linear(64, 2))

    def forward(self, x, sigma):
        c_in = 1 / torch.sqrt(sigma ** 2 + 1)
        feats = torch.cat([x * c_in, (torch.log(sigma.clamp_min(1e-4)) / 4).expand(x.shape[0], 1).to(x.dtype)], dim=1)
        return x - sigma * self.net(feats)
