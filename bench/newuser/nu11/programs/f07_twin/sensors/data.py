"""Windows of accelerometer data stored as .npy files."""
import os
import tempfile

import numpy as np
from torch.utils.data import Dataset


def write_fake_recordings(root, n_files=4, length=200, seed=0):
    rng = np.random.default_rng(seed)
    for i in range(n_files):
        rec = np.cumsum(rng.normal(size=(length, 3)), axis=0) * 0.01
        np.save(os.path.join(root, f"rec{i}.npy"), rec)
        np.save(os.path.join(root, f"rec{i}_label.npy"), np.array(i % 2))
    return root


class WindowDataset(Dataset):
    def __init__(self, root, window=32):
        self.window = window
        self.items = []
        for name in sorted(os.listdir(root)):
            if name.endswith("_label.npy"):
                continue
            rec = np.load(os.path.join(root, name))
            label = int(np.load(os.path.join(root, name.replace(".npy", "_label.npy"))))
            for start in range(0, len(rec) - window, window):
                self.items.append((rec[start:start + window], label))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, idx):
        x, label = self.items[idx]
        x = (x - x.mean(axis=0)) / (x.std(axis=0) + 1e-6)
        return x.T.astype(np.float32), label


def make_root():
    return write_fake_recordings(tempfile.mkdtemp(prefix="sensors_"))
