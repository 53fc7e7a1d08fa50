"""Expected calibration error of a classifier, computed on the device."""
import numpy as np
import torch
from torch import nn


class CalibrationMeter:
    def __init__(self, n_bins=15):
        self.edges = np.linspace(0.0, 1.0, n_bins + 1)
        self.confidences = []
        self.hits = []

    def update(self, logits, targets):
        probs = logits.softmax(dim=1)
        conf, pred = probs.max(dim=1)
        self.confidences.append(conf.detach())
        self.hits.append((pred == targets).float())

    def compute(self):
        conf = torch.cat(self.confidences)
        hits = torch.cat(self.hits)
        edges = torch.as_tensor(self.edges, dtype=conf.dtype, device=conf.device)
        bins = torch.bucketize(conf, edges[1:-1])
        ece = conf.new_zeros(())
        for b in range(len(self.edges) - 1):
            mask = bins == b
            if mask.any():
                gap = (conf[mask].mean() - hits[mask].mean()).abs()
                ece = ece + mask.float().mean() * gap
        return ece.item()


def main():
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    model = nn.Linear(10, 4).to(device)
    meter = CalibrationMeter()
    with torch.no_grad():
        for _ in range(3):
            x = torch.randn(64, 10, device=device)
            y = torch.randint(0, 4, (64,), device=device)
            meter.update(model(x), y)
    print(f"ECE {meter.compute():.4f}")


if __name__ == "__main__":
    main()
