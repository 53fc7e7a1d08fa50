"""Nearest-prototype classification over precomputed embedding shards (.npy)."""
import glob
import os
import tempfile

import numpy as np
import torch
import torch.nn.functional as F


def write_fake_shards(folder, n_shards=4, per_shard=500, dim=128, n_classes=10, seed=0):
    rng = np.random.default_rng(seed)
    centers = rng.normal(size=(n_classes, dim))
    for i in range(n_shards):
        labels = rng.integers(0, n_classes, per_shard)
        emb = centers[labels] + 0.8 * rng.normal(size=(per_shard, dim))
        np.save(os.path.join(folder, f"emb_{i:03d}.npy"), emb)
        np.save(os.path.join(folder, f"lab_{i:03d}.npy"), labels)


def iter_batches(folder, batch_size=256):
    for emb_path in sorted(glob.glob(os.path.join(folder, "emb_*.npy"))):
        emb = np.load(emb_path)
        lab = np.load(emb_path.replace("emb_", "lab_"))
        for start in range(0, len(emb), batch_size):
            yield emb[start:start + batch_size], lab[start:start + batch_size]


def main(device):
    folder = tempfile.mkdtemp()
    write_fake_shards(folder)
    sums, counts = None, None
    for x, y in iter_batches(folder):
        feats = F.normalize(torch.from_numpy(x).to(device), dim=1)
        labels = torch.from_numpy(y).to(device)
        if sums is None:
            sums = torch.zeros(10, feats.shape[1], dtype=feats.dtype, device=device)
            counts = torch.zeros(10, device=device)
        sums.index_add_(0, labels, feats)
        counts += torch.bincount(labels, minlength=10)
    prototypes = F.normalize(sums / counts[:, None], dim=1)
    correct = total = 0
    for x, y in iter_batches(folder):
        feats = F.normalize(torch.from_numpy(x).to(device), dim=1)
        pred = (feats @ prototypes.T).argmax(dim=1).cpu().numpy()
        correct += (pred == y).sum()
        total += len(y)
    print(f"nearest-prototype accuracy: {correct / total:.3f}")


if __name__ == "__main__":
    main("mps" if torch.backends.mps.is_available() else "cpu")
