import torch
import torch.nn as nn


class ScaledMLP(nn.Module):
    """An MLP that standardizes its inputs with statistics fitted offline."""

    def __init__(self, scaler, hidden=16, n_classes=2):
        super().__init__()
        self.register_buffer("mean", torch.from_numpy(scaler.mean_))
        self.register_buffer("scale", torch.from_numpy(scaler.scale_))
        d = self.mean.shape[0]
        self.net = nn.Sequential(nn.Linear(d, hidden), nn.ReLU(), nn.Linear(hidden, n_classes))

    def forward(self, x):
        z = ((x - self.mean) / self.scale).to(x.dtype)
        return self.net(z)
