"""Physics-informed network for the 1-D heat equation u_t = alpha * u_xx."""
import math

import torch
import torch.nn as nn

torch.set_default_dtype(torch.float64)  # PDE residuals need the extra digits

ALPHA = 0.1


class PINN(nn.Module):
    def __init__(self, width=32, depth=3):
        super().__init__()
        layers, d = [], 2
        for _ in range(depth):
            layers += [nn.Linear(d, width), nn.Tanh()]
            d = width
        self.net = nn.Sequential(*layers, nn.Linear(d, 1))

    def forward(self, x, t):
        return self.net(torch.stack([x, t], dim=-1)).squeeze(-1)


def residual(model, x, t):
    x.requires_grad_(True)
    t.requires_grad_(True)
    u = model(x, t)
    u_t, u_x = torch.autograd.grad(u.sum(), (t, x), create_graph=True)
    u_xx = torch.autograd.grad(u_x.sum(), x, create_graph=True)[0]
    return u_t - ALPHA * u_xx


def train(device, steps=20):
    model = PINN().to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(steps):
        x = torch.rand(128, device=device)
        t = torch.rand(128, device=device)
        x0 = torch.rand(64, device=device)
        ic = model(x0, torch.zeros_like(x0)) - torch.sin(math.pi * x0)
        bc = model(torch.cat([torch.zeros(32, device=device), torch.ones(32, device=device)]),
                   torch.rand(64, device=device))
        loss = residual(model, x, t).pow(2).mean() + ic.pow(2).mean() + bc.pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


if __name__ == "__main__":
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    print("loss", train(device))
