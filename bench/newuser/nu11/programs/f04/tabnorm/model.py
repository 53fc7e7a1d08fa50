import torch
import torch.nn as nn


class Standardize(nn.Module):
    """Applies a fitted scaler inside the network so that exported models take raw features."""

    def __init__(self, scaler):
        super().__init__()
        self.register_buffer("mean", torch.as_tensor(scaler.mean_))
        self.register_buffer("scale", torch.as_tensor(scaler.scale_))

    def forward(self, x):
        return ((x - self.mean) / self.scale).to(x.dtype)


class Classifier(nn.Module):
    def __init__(self, scaler, d, hidden=16):
        super().__init__()
        self.norm = Standardize(scaler)
        self.net = nn.Sequential(nn.Linear(d, hidden), nn.ReLU(), nn.Linear(hidden, 2))

    def forward(self, x):
        return self.net(self.norm(x))
