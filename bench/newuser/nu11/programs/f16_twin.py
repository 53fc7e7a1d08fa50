"""Fit a small physics-informed MLP to a damped oscillator, with double precision for stable residuals."""
import torch
import torch.nn as nn


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


class PINN(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(1, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh(), nn.Linear(hidden, 1))

    def forward(self, t):
        return self.net(t)


def residual(model, t, omega=2.0, zeta=0.1):
    t = t.requires_grad_(True)
    x = model(t)
    dx = torch.autograd.grad(x.sum(), t, create_graph=True)[0]
    ddx = torch.autograd.grad(dx.sum(), t, create_graph=True)[0]
    return ddx + 2 * zeta * omega * dx + omega**2 * x


def main():
    device = get_device()
    model = PINN().to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    t = torch.linspace(0, 2, 64, device=device).unsqueeze(1)
    for step in range(2):
        r = residual(model, t.to(next(model.parameters()).dtype))
        t0 = torch.zeros(1, 1, device=device, dtype=r.dtype)
        ic = (model(t0) - 1.0).pow(2).sum()
        loss = r.pow(2).mean() + ic
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.5f}")


if __name__ == "__main__":
    main()
