"""Prototype network whose prototypes start at k-means centres (deep clustering warm start)."""
import numpy as np
import torch
from sklearn.cluster import KMeans
from sklearn.datasets import make_blobs
from torch import nn


class PrototypeClassifier(nn.Module):
    def __init__(self, centres, temperature=1.0):
        super().__init__()
        self.prototypes = nn.Parameter(torch.from_numpy(centres))
        self.temperature = temperature

    def forward(self, x):
        d2 = ((x[:, None, :] - self.prototypes[None]) ** 2).sum(-1)
        return -d2 / self.temperature


def pick_device():
    return "mps" if torch.backends.mps.is_available() else "cpu"


def main():
    X, y = make_blobs(n_samples=300, centers=3, n_features=4, random_state=0)
    km = KMeans(n_clusters=3, n_init=4, random_state=0).fit(X)
    # align cluster ids with labels by majority vote
    mapping = {c: np.bincount(y[km.labels_ == c]).argmax() for c in range(3)}
    order = np.argsort([mapping[c] for c in range(3)])
    centres = km.cluster_centers_[order]

    device = pick_device()
    model = PrototypeClassifier(centres).to(device)
    xs = torch.tensor(X, dtype=torch.float32, device=device)
    ys = torch.tensor(y, device=device)
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    for _ in range(10):
        loss = nn.functional.cross_entropy(model(xs), ys)
        opt.zero_grad()
        loss.backward()
        opt.step()
    acc = (model(xs).argmax(1) == ys).float().mean().item()
    print(f"accuracy {acc:.3f}")


if __name__ == "__main__":
    main()
