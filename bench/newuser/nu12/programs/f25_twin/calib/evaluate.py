import numpy as np
import torch
from sklearn.datasets import make_classification
from torch import nn

from .temperature import fit_temperature
from .wrapper import TemperatureScaled


def ece(probs, labels, bins=10):
    conf, pred = probs.max(1)
    edges = torch.linspace(0, 1, bins + 1, device=probs.device)
    total = torch.zeros((), device=probs.device)
    for lo, hi in zip(edges[:-1], edges[1:]):
        mask = (conf > lo) & (conf <= hi)
        if mask.any():
            total += mask.float().mean() * ((pred[mask] == labels[mask]).float().mean() - conf[mask].mean()).abs()
    return total.item()


def main():
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    torch.manual_seed(0)
    x, y = make_classification(n_samples=1200, n_features=20, n_informative=8, n_classes=3, random_state=0)
    x = torch.tensor(x, dtype=torch.float32)
    y = torch.tensor(y)
    model = nn.Sequential(nn.Linear(20, 128), nn.ReLU(), nn.Linear(128, 3))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(300):  # overfit on purpose: overconfident logits
        loss = nn.functional.cross_entropy(model(x[:400]), y[:400])
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        val_logits = model(x[400:800]).numpy()
    temperature = fit_temperature(val_logits, y[400:800].numpy())
    calibrated = TemperatureScaled(model, temperature).to(device)
    with torch.no_grad():
        test_x, test_y = x[800:].to(device), y[800:].to(device)
        before = ece(model(test_x).softmax(1), test_y)
        after = ece(calibrated(test_x).softmax(1), test_y)
    print(f"T={temperature:.3f}  ECE before {before:.4f} after {after:.4f}")


if __name__ == "__main__":
    main()
