"""Normaliser whose statistics live next to the model on the accelerator."""
import torch

from normkit.base import RobustNormalizer


class TorchNormalizer(RobustNormalizer):
    def to_torch(self, device):
        self.mean_t = torch.as_tensor(self.mean_, device=device)
        self.scale_t = torch.as_tensor(self.scale_, device=device)
        return self

    def __call__(self, x):
        return ((x - self.mean_t) / self.scale_t).to(x.dtype)
