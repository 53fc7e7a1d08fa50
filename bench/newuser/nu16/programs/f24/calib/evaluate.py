import numpy as np
import torch
from torch import nn

from calib.metrics import ExpectedCalibrationError


def device_from_env():
    import os
    requested = os.environ.get("EVAL_DEVICE")
    if requested:
        return torch.device(requested)
    return torch.device("mps" if torch.backends.mps.is_available() else "cpu")


def evaluate(model, batches, n_bins=15):
    ece = ExpectedCalibrationError(np.linspace(0.0, 1.0, n_bins + 1))
    device = next(model.parameters()).device
    model.eval()
    with torch.no_grad():
        for x, y in batches:
            ece.update(model(x.to(device)).softmax(-1), y.to(device))
    return ece.compute()


if __name__ == "__main__":
    torch.manual_seed(0)
    device = device_from_env()
    model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 5)).to(device)
    batches = [(torch.randn(64, 10), torch.randint(0, 5, (64,))) for _ in range(4)]
    print(f"ECE {evaluate(model, batches):.4f}")
