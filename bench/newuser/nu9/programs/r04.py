"""Validation metrics accumulated in float64 on the CPU while the model runs on the accelerator."""
import json

import numpy as np
import torch
import torch.nn as nn
from sklearn.metrics import roc_auc_score
from torch.utils.data import DataLoader, Dataset


class Scores(Dataset):
    def __init__(self, n=96, seed=0):
        rng = np.random.default_rng(seed)
        self.x = rng.normal(size=(n, 4)).astype(np.float32)
        self.y = (self.x[:, 0] + 0.3 * rng.normal(size=n) > 0).astype(np.float32)

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i], np.float32(self.y[i])


class RunningStats:
    """Welford mean/variance of the predictions, in float64 on the CPU."""

    def __init__(self):
        self.n, self.mean, self.m2 = 0, torch.zeros((), dtype=torch.float64), torch.zeros((), dtype=torch.float64)

    def update(self, values):
        for v in values.detach().cpu().double():
            self.n += 1
            delta = v - self.mean
            self.mean += delta / self.n
            self.m2 += delta * (v - self.mean)

    @property
    def variance(self):
        return (self.m2 / max(self.n - 1, 1)).item()


def evaluate(model, loader, device):
    stats, probs, labels = RunningStats(), [], []
    with torch.no_grad():
        for xb, yb in loader:
            p = torch.sigmoid(model(xb.to(device)).squeeze(1))
            stats.update(p)
            probs.append(p.cpu().numpy().astype(np.float64))
            labels.append(yb.numpy())
    auc = roc_auc_score(np.concatenate(labels), np.concatenate(probs))
    auc_t = torch.tensor(auc, dtype=torch.float32, device=device)
    return auc_t, stats


def main():
    torch.manual_seed(0)
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    model = nn.Linear(4, 1).to(device)
    auc, stats = evaluate(model, DataLoader(Scores(), batch_size=32), device)
    print("RESULT " + json.dumps({"auc": auc.item(), "mean": stats.mean.item(), "var": stats.variance}))


if __name__ == "__main__":
    main()
