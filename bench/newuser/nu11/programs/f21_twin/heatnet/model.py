import torch
import torch.nn as nn


class HeatSurrogate(nn.Module):
    def __init__(self, n_grid=16, hidden=32):
        super().__init__()
        self.enc = nn.Linear(n_grid, hidden)
        self.dec = nn.Linear(hidden, n_grid)

    def forward(self, u):
        return u + self.dec(torch.tanh(self.enc(u)))


def initial_condition(n_grid, device):
    x = torch.linspace(0, 1, n_grid, device=device)
    return torch.sin(torch.pi * x)[None]
