"""Evaluate a classifier on the device and compute a float64 ROC-AUC in NumPy after moving to the CPU."""
import numpy as np
import torch
import torch.nn as nn
from sklearn.metrics import roc_auc_score


def get_device():
    if torch.cuda.is_available():
        return "cuda"
    return "mps" if torch.backends.mps.is_available() else "cpu"


def main():
    device = get_device()
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1)).to(device).eval()
    x = torch.randn(64, 8)
    y = (x[:, 0] > 0).long().numpy()
    with torch.no_grad():
        scores = model(x.to(device)).squeeze(1).sigmoid()
    probs = scores.cpu().numpy().astype(np.float64)
    auc = roc_auc_score(y, probs)
    brier = np.mean((probs - y) ** 2)
    ece = torch.tensor(np.abs(probs - y), dtype=torch.float64).mean().item()
    print(f"auc {auc:.3f} brier {brier:.4f} mae {ece:.4f}")


if __name__ == "__main__":
    main()
