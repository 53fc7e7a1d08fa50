"""Synthetic shapes segmentation dataset (stands in for a folder of PNGs and masks)."""
import numpy as np
from torch.utils.data import Dataset


class ShapesDataset(Dataset):
    def __init__(self, n=32, size=32, seed=0):
        self.n, self.size = n, size
        self.rng = np.random.default_rng(seed)
        self.seeds = self.rng.integers(0, 2 ** 31, n)

    def __len__(self):
        return self.n

    def _render(self, seed):
        rng = np.random.default_rng(seed)
        img = rng.integers(0, 60, (self.size, self.size, 3), dtype=np.uint8)
        mask = np.zeros((self.size, self.size), dtype=np.int64)
        cy, cx, r = rng.integers(8, self.size - 8, 2).tolist() + [int(rng.integers(3, 8))]
        yy, xx = np.ogrid[: self.size, : self.size]
        disk = (yy - cy) ** 2 + (xx - cx) ** 2 <= r * r
        img[disk] = [200, 80, 40]
        mask[disk] = 1
        return img, mask

    def __getitem__(self, idx):
        img, mask = self._render(self.seeds[idx])
        image = img.transpose(2, 0, 1) / 255.0
        return {"image": image, "mask": mask, "index": idx}
