import torch
from torch import nn

from . import settings


class HamiltonianNet(nn.Module):
    """Learns H(q, p); the dynamics are its symplectic gradient."""

    def __init__(self, hidden):
        super().__init__()
        self.h = nn.Sequential(nn.Linear(2, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh(), nn.Linear(hidden, 1))

    def forward(self, state):
        state = state.requires_grad_(True)
        energy = self.h(state).sum()
        dq, dp = torch.autograd.grad(energy, state, create_graph=True)[0].unbind(-1)
        return torch.stack([dp, -dq], dim=-1)


def build_model():
    model = HamiltonianNet(settings.HIDDEN)
    if settings.DOUBLE_PRECISION:
        model = model.double()
    return model
