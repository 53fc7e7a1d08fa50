import torch
from torch import nn


class VectorField(nn.Module):
    def __init__(self, dim=2, hidden=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, hidden), nn.Softplus(), nn.Linear(hidden, dim))

    def forward(self, z):
        return self.net(z)


def rk4_rollout(field, z0, times):
    """Integrate with classic RK4 over the given time grid; returns (len(times), dim)."""
    dts = (times[1:] - times[:-1]).tolist()
    states = [z0]
    z = z0
    for dt in dts:
        k1 = field(z)
        k2 = field(z + 0.5 * dt * k1)
        k3 = field(z + 0.5 * dt * k2)
        k4 = field(z + dt * k3)
        z = z + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)
        states.append(z)
    return torch.stack(states)
