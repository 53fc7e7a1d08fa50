"""Train a tiny anomaly scorer and export it with its normalisation statistics."""
import numpy as np
import pandas as pd
import torch
from torch import nn

COLUMNS = ["temperature", "vibration", "pressure"]


def make_model():
    return nn.Sequential(nn.Linear(len(COLUMNS), 8), nn.Tanh(), nn.Linear(8, len(COLUMNS)))


def readings(n=500, seed=3):
    rng = np.random.default_rng(seed)
    return pd.DataFrame({
        "temperature": 60 + 5 * rng.standard_normal(n),
        "vibration": np.abs(rng.standard_normal(n)),
        "pressure": 101.3 + rng.standard_normal(n),
    })


def export(path):
    frame = readings()
    mean, std = frame[COLUMNS].mean(), frame[COLUMNS].std()
    model = make_model()
    x = torch.tensor(((frame - mean) / std).to_numpy(), dtype=torch.float32)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(50):
        loss = ((model(x) - x) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    torch.save({
        "model": model.state_dict(),
        "norm": {"mean": torch.tensor(mean.to_numpy(), dtype=torch.float32),
                 "std": torch.tensor(std.to_numpy(), dtype=torch.float32)},
    }, path)
    return path
