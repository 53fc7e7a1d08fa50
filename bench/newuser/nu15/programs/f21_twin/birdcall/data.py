"""Bird-call clips: synthetic chirps, their MFCCs and a collate function."""
import numpy as np
import torch
from torch.utils.data import Dataset

from birdcall.features import mfcc


class ChirpDataset(Dataset):
    def __init__(self, n=64, sr=8000, seed=0):
        rng = np.random.default_rng(seed)
        self.items = []
        t = np.arange(sr) / sr
        for _ in range(n):
            label = int(rng.integers(0, 3))
            f0 = 500 + 700 * label
            clip = np.sin(2 * np.pi * (f0 + 300 * t) * t) + 0.2 * rng.standard_normal(sr)
            self.items.append((clip.astype(np.float32), label))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        clip, label = self.items[i]
        return {"mfcc": mfcc(clip), "label": label}


def collate(samples):
    return {
        "mfcc": torch.from_numpy(np.stack([s["mfcc"] for s in samples])),
        "label": torch.tensor([s["label"] for s in samples]),
    }
