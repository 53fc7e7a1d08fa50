"""Sensor anomaly autoencoder; normalisation built as a closure over dataset statistics."""
import json
import os
import tempfile

import numpy as np
import torch
import torch.nn as nn


def read_sensor_log(n=400, channels=6, seed=0):
    rng = np.random.default_rng(seed)
    base = rng.normal(size=(n, channels)).astype(np.float32)
    return base * np.float32(3.0) + np.float32(20.0)


def write_calibration(folder, channels=6):
    path = os.path.join(folder, "calibration.json")
    with open(path, "w") as fh:
        json.dump({"offset": [20.0] * channels, "gain": [1 / 3.0] * channels}, fh)
    return path


def make_normalizer(calibration_path):
    with open(calibration_path) as fh:
        calib = json.load(fh)
    offset = np.asarray(calib["offset"])
    gain = np.asarray(calib["gain"])

    def normalize(x):
        return (x - offset) * gain

    return normalize


def batches(data, batch_size, transform):
    for start in range(0, len(data), batch_size):
        yield transform(data[start:start + batch_size])


class AutoEncoder(nn.Module):
    def __init__(self, d, bottleneck=2):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(d, 16), nn.ReLU(), nn.Linear(16, bottleneck))
        self.dec = nn.Sequential(nn.Linear(bottleneck, 16), nn.ReLU(), nn.Linear(16, d))

    def forward(self, x):
        return self.dec(self.enc(x))


def train(device):
    data = read_sensor_log()
    with tempfile.TemporaryDirectory() as folder:
        normalize = make_normalizer(write_calibration(folder, data.shape[1]))
    model = AutoEncoder(data.shape[1]).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(3):
        for chunk in batches(data[:300], 50, normalize):
            x = torch.as_tensor(chunk, device=device)
            loss = nn.functional.mse_loss(model(x.float()), x.float())
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item()


if __name__ == "__main__":
    dev = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    print("loss", train(dev))
