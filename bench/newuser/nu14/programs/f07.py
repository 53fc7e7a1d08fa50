"""Fit a regressor on CPU, checkpoint it with its input statistics, reload it for inference."""
import os
import tempfile

import numpy as np
import torch
import torch.nn as nn


def make_data(n=512, seed=1):
    rng = np.random.default_rng(seed)
    x = rng.normal(loc=[5.0, -2.0, 100.0], scale=[1.0, 0.5, 30.0], size=(n, 3))
    y = x[:, 0] * 0.3 - x[:, 1] + 0.01 * x[:, 2]
    return x.astype(np.float32), y.astype(np.float32)


def fit_and_save(path):
    x, y = make_data()
    mean, std = x.mean(axis=0), x.std(axis=0)
    scale = float(y.std())
    model = nn.Sequential(nn.Linear(3, 16), nn.ReLU(), nn.Linear(16, 1))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    xt = torch.from_numpy((x - mean) / std)
    yt = torch.from_numpy(y / scale).unsqueeze(1)
    for _ in range(100):
        loss = nn.functional.mse_loss(model(xt), yt)
        opt.zero_grad()
        loss.backward()
        opt.step()
    torch.save({
        "state_dict": model.state_dict(),
        "x_mean": torch.tensor(mean.tolist()),
        "x_std": torch.tensor(std.tolist()),
        "y_scale": torch.tensor(np.array(scale)),
    }, path)


class Predictor:
    def __init__(self, path, device):
        ckpt = torch.load(path, map_location=device)
        self.model = nn.Sequential(nn.Linear(3, 16), nn.ReLU(), nn.Linear(16, 1)).to(device)
        self.model.load_state_dict(ckpt["state_dict"])
        self.x_mean, self.x_std, self.y_scale = ckpt["x_mean"], ckpt["x_std"], ckpt["y_scale"]
        self.device = device

    @torch.no_grad()
    def __call__(self, x):
        x = (x.to(self.device) - self.x_mean) / self.x_std
        return (self.model(x).squeeze(1) * self.y_scale).float()


if __name__ == "__main__":
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    with tempfile.TemporaryDirectory() as tmp:
        ckpt_path = os.path.join(tmp, "regressor.pt")
        fit_and_save(ckpt_path)
        predictor = Predictor(ckpt_path, device)
        x, y = make_data(8, seed=7)
        print(predictor(torch.from_numpy(x)).cpu().numpy().round(2), y.round(2))
