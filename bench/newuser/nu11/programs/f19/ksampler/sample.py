import os

import torch
import torch.nn as nn

from ksampler.sampler import EulerSampler


class ToyDenoiser(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.net = nn.Linear(dim + 1, dim)

    def forward(self, x, sigma):
        s = sigma.expand(x.shape[0], 1).log()
        return self.net(torch.cat([x, s], dim=1)) / (1 + sigma)


def main():
    device = os.environ.get("DEVICE")
    if device is None:
        device = "cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu"
    model = ToyDenoiser().to(device)
    sampler = EulerSampler(model, steps=4, device=device)
    out = sampler.sample((3, 4), generator=torch.Generator().manual_seed(0))
    print("sample std", round(out.std().item(), 4))


if __name__ == "__main__":
    main()
