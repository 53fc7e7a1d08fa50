import torch
import torch.nn as nn


class PCAInitEncoder(nn.Module):
    """Linear encoder initialised from a PCA basis, then fine-tuned."""

    def __init__(self, components, mean, n_classes=5):
        super().__init__()
        self.proj = nn.Linear(components.shape[1], components.shape[0], bias=False)
        self.proj.weight = nn.Parameter(torch.from_numpy(components))
        self.register_buffer("mean", torch.from_numpy(mean))
        self.head = nn.Linear(components.shape[0], n_classes).to(self.proj.weight.dtype)

    def forward(self, x):
        z = self.proj(x.to(self.proj.weight.dtype) - self.mean)
        return self.head(torch.relu(z))
