"""Focal loss with per-class alpha from label frequencies on an imbalanced toy problem."""
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn


def make_data(n=600, seed=1):
    rng = np.random.default_rng(seed)
    labels = rng.choice(3, size=n, p=[0.8, 0.15, 0.05])
    centers = np.array([[0, 0], [2, 2], [-2, 2]], dtype=np.float32)
    feats = centers[labels] + rng.standard_normal((n, 2)).astype(np.float32)
    return feats, labels


def alpha_from_labels(labels, n_classes):
    counts = np.bincount(labels, minlength=n_classes)
    return counts.sum() / (n_classes * np.maximum(counts, 1))


def focal_loss(logits, target, alpha, gamma=2.0):
    logp = F.log_softmax(logits, dim=-1).gather(1, target[:, None]).squeeze(1)
    p = logp.exp()
    return (-alpha[target] * (1 - p) ** gamma * logp).mean()


def main():
    device = "cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu"
    feats, labels = make_data()
    alpha = torch.tensor(alpha_from_labels(labels, 3), dtype=torch.float32, device=device)
    x = torch.from_numpy(feats).to(device)
    y = torch.from_numpy(labels).long().to(device)
    model = nn.Linear(2, 3).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    for epoch in range(30):
        loss = focal_loss(model(x), y, alpha)
        opt.zero_grad()
        loss.backward()
        opt.step()
    acc = (model(x).argmax(-1) == y).float().mean().item()
    print(f"loss {loss.item():.3f} acc {acc:.3f}")


if __name__ == "__main__":
    main()
