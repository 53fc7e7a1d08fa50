"""Contrastive pretraining step where augmentation strengths come from a hand-tuned list."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

AUG_STRENGTHS = [0.05, 0.1, 0.2, 0.4]


def make_to_device(device):
    def to_device(value):
        return torch.tensor(value, dtype=torch.float32, device=device)
    return to_device


def nt_xent(z1, z2, temperature=0.2):
    z = F.normalize(torch.cat([z1, z2]), dim=1)
    sim = z @ z.T / temperature
    n = z1.shape[0]
    sim.fill_diagonal_(-1e9)
    targets = torch.cat([torch.arange(n, 2 * n), torch.arange(0, n)]).to(z.device)
    return F.cross_entropy(sim, targets)


def main():
    device = "cuda" if torch.cuda.is_available() else ("mps" if torch.backends.mps.is_available() else "cpu")
    to_device = make_to_device(device)
    encoder = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 8)).to(device)
    opt = torch.optim.SGD(encoder.parameters(), lr=0.1)
    rng = np.random.default_rng(0)
    strengths = to_device(np.array(AUG_STRENGTHS)[rng.integers(0, 4, size=8)])
    x = torch.randn(8, 16, device=device)
    for step in range(2):
        noise1 = torch.randn_like(x) * strengths[:, None].to(x.dtype)
        noise2 = torch.randn_like(x) * strengths[:, None].to(x.dtype)
        loss = nt_xent(encoder(x + noise1), encoder(x + noise2))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
