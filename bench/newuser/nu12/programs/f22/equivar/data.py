import torch
from torch.utils.data import Dataset

from .transforms import random_affine


class ShapesDataset(Dataset):
    """Squares and crosses on a 32x32 canvas, each with a random affine transform."""

    def __init__(self, n=256, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.labels = torch.randint(0, 2, (n,), generator=g)
        self.offsets = torch.randint(6, 18, (n, 2), generator=g)

    def __len__(self):
        return len(self.labels)

    def _draw(self, idx):
        img = torch.zeros(1, 32, 32)
        r, c = self.offsets[idx].tolist()
        if self.labels[idx] == 0:
            img[:, r:r + 8, c:c + 8] = 1.0
        else:
            img[:, r + 3:r + 5, c:c + 8] = 1.0
            img[:, r:r + 8, c + 3:c + 5] = 1.0
        return img

    def __getitem__(self, idx):
        return {"image": self._draw(idx), "theta": random_affine(), "label": self.labels[idx]}
