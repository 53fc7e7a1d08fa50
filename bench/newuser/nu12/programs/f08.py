"""Multi-label tagging with a class-balanced BCE loss and micro-F1 evaluation."""
import numpy as np
import torch
from torch import nn


def select_device(prefer_gpu=True):
    if prefer_gpu and torch.cuda.is_available():
        return "cuda"
    if prefer_gpu and torch.backends.mps.is_available():
        return "mps"
    return "cpu"


def make_dataset(n=400, features=20, labels=5, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, features)).astype(np.float32)
    w = rng.standard_normal((features, labels)).astype(np.float32)
    y = (x @ w > 1.2).astype(np.float32)
    return x, y


def positive_weights(y):
    positives = y.sum(axis=0).astype(np.int64)
    negatives = len(y) - positives
    return negatives / np.maximum(positives, 1)


def micro_f1(logits, targets, threshold=0.5):
    pred = (torch.sigmoid(logits) > threshold).float()
    tp = (pred * targets).sum()
    fp = (pred * (1 - targets)).sum()
    fn = ((1 - pred) * targets).sum()
    return (2 * tp / (2 * tp + fp + fn + 1e-9)).item()


def main():
    device = select_device()
    x, y = make_dataset()
    model = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 5)).to(device)
    criterion = nn.BCEWithLogitsLoss(pos_weight=torch.from_numpy(positive_weights(y)))
    criterion = criterion.to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    xt, yt = torch.from_numpy(x).to(device), torch.from_numpy(y).to(device)
    for epoch in range(30):
        loss = criterion(model(xt), yt)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(f"loss {loss.item():.3f}  micro-F1 {micro_f1(model(xt), yt):.3f}")


if __name__ == "__main__":
    main()
