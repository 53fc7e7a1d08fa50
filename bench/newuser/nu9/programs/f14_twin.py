"""Imbalanced classification with inverse-sqrt-frequency class weights."""
import json

import numpy as np
import torch
import torch.nn as nn


def compute_class_weights(labels, n_classes):
    counts = np.bincount(labels, minlength=n_classes)
    freq = counts / counts.sum()
    weights = 1.0 / np.sqrt(freq + 1e-6)
    return weights / weights.mean()


def train(x, y, n_classes, device, epochs=30):
    model = nn.Sequential(nn.Linear(x.shape[1], 16), nn.ReLU(), nn.Linear(16, n_classes)).to(device)
    class_w = torch.from_numpy(compute_class_weights(y.numpy(), n_classes))
    class_w = class_w.to(device, torch.float32)
    criterion = nn.CrossEntropyLoss(reduction="none")
    x, y = x.to(device), y.to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(epochs):
        per_sample = criterion(model(x), y)
        loss = (per_sample * class_w[y]).sum() / class_w[y].sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    y = torch.cat([torch.zeros(80), torch.ones(15), torch.full((5,), 2.0)]).long()
    x = torch.randn(100, 4) + y.unsqueeze(1).float()
    print("RESULT " + json.dumps({"loss": train(x, y, 3, device)}))


if __name__ == "__main__":
    main()
