"""Fit a neural pair potential to Lennard-Jones energies; forces come from autograd."""
import numpy as np
import torch
import torch.nn as nn

DTYPE = torch.float32
DEVICE = torch.device("mps" if torch.backends.mps.is_available() else "cpu")


def lennard_jones(r, eps=1.0, sigma=1.0):
    sr6 = (sigma / r) ** 6
    return 4 * eps * (sr6**2 - sr6)


class PairPotential(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(1, hidden), nn.Softplus(), nn.Linear(hidden, hidden), nn.Softplus(), nn.Linear(hidden, 1))

    def forward(self, r):
        return self.net(1.0 / r).squeeze(-1)


def main():
    r_np = np.linspace(0.95, 2.5, 400)
    e_np = lennard_jones(r_np)
    r = torch.as_tensor(r_np, dtype=DTYPE, device=DEVICE).unsqueeze(-1)
    e = torch.as_tensor(e_np, dtype=DTYPE, device=DEVICE)
    model = PairPotential().to(device=DEVICE, dtype=DTYPE)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for step in range(300):
        loss = ((model(r) - e) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    probe = torch.tensor([[1.12]], dtype=DTYPE, device=DEVICE, requires_grad=True)
    (force,) = torch.autograd.grad(-model(probe).sum(), probe)
    print(f"fit mse {loss.item():.2e}, force at r=1.12: {force.item():.3f} (LJ minimum: 0)")


if __name__ == "__main__":
    main()
