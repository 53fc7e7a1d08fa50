"""Evaluation metrics: expected calibration error and AUC computed in float64 on the CPU."""
import numpy as np
import torch
import torch.nn as nn
from sklearn.metrics import roc_auc_score


def expected_calibration_error(probs, labels, n_bins=10):
    probs = torch.as_tensor(probs, dtype=torch.float64, device="cpu")
    labels = torch.as_tensor(labels, dtype=torch.float64, device="cpu")
    edges = torch.linspace(0, 1, n_bins + 1, dtype=torch.float64)
    ece = torch.zeros((), dtype=torch.float64)
    for lo, hi in zip(edges[:-1], edges[1:]):
        mask = (probs > lo) & (probs <= hi)
        if mask.any():
            ece += mask.double().mean() * (probs[mask].mean() - labels[mask].mean()).abs()
    return float(ece)


def main():
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    rng = np.random.default_rng(0)
    x = rng.normal(size=(500, 10))
    y = (x[:, 0] + 0.5 * rng.normal(size=500) > 0).astype(np.int64)
    model = nn.Sequential(nn.Linear(10, 1)).to(device)
    xt = torch.from_numpy(x).float().to(device)
    yt = torch.from_numpy(y).float().to(device)
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    for _ in range(50):
        loss = nn.functional.binary_cross_entropy_with_logits(model(xt).squeeze(1), yt)
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        probs = torch.sigmoid(model(xt)).squeeze(1).cpu().double().numpy()
    print("AUC", round(roc_auc_score(y, probs), 4), "ECE", round(expected_calibration_error(probs, y), 4))


if __name__ == "__main__":
    main()
