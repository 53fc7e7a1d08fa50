"""Physics-informed network for the damped oscillator u'' + 2*zeta*w*u' + w^2*u = 0."""
import numpy as np
import torch
from torch import nn

ZETA, OMEGA = 0.2, 4.0


class PINN(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(1, width), nn.Tanh(), nn.Linear(width, width), nn.Tanh(),
                                 nn.Linear(width, 1))

    def forward(self, t):
        return self.net(t)


def residual(model, t):
    t = t.requires_grad_(True)
    u = model(t)
    du = torch.autograd.grad(u.sum(), t, create_graph=True)[0]
    d2u = torch.autograd.grad(du.sum(), t, create_graph=True)[0]
    return d2u + 2 * ZETA * OMEGA * du + OMEGA ** 2 * u


def train(device, iters=30):
    torch.manual_seed(0)
    # second derivatives are noisy in single precision, so the network runs in double
    model = PINN().double()
    model = model.to(device)
    t_col = torch.from_numpy(np.linspace(0.0, 2.0, 128)[:, None]).to(device)
    t0 = torch.zeros(1, 1, dtype=t_col.dtype, device=device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(iters):
        u0 = model(t0.clone())
        loss = residual(model, t_col.clone()).pow(2).mean() + (u0 - 1).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


if __name__ == "__main__":
    dev = "mps" if torch.backends.mps.is_available() else "cpu"
    print("loss", train(dev))
