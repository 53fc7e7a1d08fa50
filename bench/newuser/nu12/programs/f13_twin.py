"""Train a tabular regressor, save it with its normalisation statistics, reload it for inference."""
import os
import tempfile

import numpy as np
import torch
from sklearn.datasets import load_diabetes
from torch import nn


def build_model(d):
    return nn.Sequential(nn.Linear(d, 32), nn.ReLU(), nn.Linear(32, 1))


def train_and_save(path):
    data = load_diabetes()
    x, y = data.data, data.target
    mean, std = x.mean(axis=0), x.std(axis=0)
    inputs = torch.from_numpy((x - mean) / std).float()
    targets = torch.from_numpy((y - y.mean()) / y.std()).float()
    model = build_model(x.shape[1])
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(100):
        loss = nn.functional.mse_loss(model(inputs).squeeze(-1), targets)
        opt.zero_grad()
        loss.backward()
        opt.step()
    torch.save({"model": model.state_dict(), "mean": torch.from_numpy(mean).float(), "std": torch.from_numpy(std).float(),
                "n_features": x.shape[1]}, path)
    return x[:5]


class Predictor:
    def __init__(self, path):
        self.device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
        ckpt = torch.load(path, map_location=self.device)
        self.model = build_model(ckpt["n_features"]).to(self.device)
        self.model.load_state_dict(ckpt["model"])
        self.mean = ckpt["mean"].float()
        self.std = ckpt["std"].float()

    @torch.no_grad()
    def __call__(self, rows):
        x = torch.as_tensor(rows, dtype=torch.float32, device=self.device)
        return self.model((x - self.mean) / self.std).squeeze(-1).cpu()


def main():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "regressor.pt")
        sample = train_and_save(path)
        predictor = Predictor(path)
        print(predictor(sample))


if __name__ == "__main__":
    main()
