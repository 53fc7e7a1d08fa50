import torch
from torch import nn


class ChurnNet(nn.Module):
    """Standardises raw features inside the model, so inference takes raw columns."""

    def __init__(self, mean, scale, hidden=16):
        super().__init__()
        self.register_buffer("mean", torch.as_tensor(mean, dtype=torch.float32))
        self.register_buffer("scale", torch.as_tensor(scale, dtype=torch.float32))
        self.body = nn.Sequential(nn.Linear(len(mean), hidden), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, raw):
        z = ((raw - self.mean) / self.scale).to(raw.dtype)
        return self.body(z).squeeze(-1)
