import torch
import torch.nn as nn


class ODEFunc(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2, hidden), nn.Tanh(), nn.Linear(hidden, 2))

    def forward(self, z):
        return self.net(z)


def rk4_rollout(func, z0, times):
    zs = [z0]
    z = z0
    for i in range(len(times) - 1):
        dt = times[i + 1] - times[i]
        k1 = func(z)
        k2 = func(z + 0.5 * dt * k1)
        k3 = func(z + 0.5 * dt * k2)
        k4 = func(z + dt * k3)
        z = z + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        zs.append(z)
    return torch.stack(zs, dim=1)
