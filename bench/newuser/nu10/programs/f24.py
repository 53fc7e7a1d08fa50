"""Train on the CPU, save a checkpoint with target-scaling stats, reload it for inference on the best device."""
import os
import tempfile

import numpy as np
import torch
import torch.nn as nn


def build_model():
    return nn.Sequential(nn.Linear(4, 32), nn.ReLU(), nn.Linear(32, 1))


def train_and_save(path):
    rng = np.random.default_rng(0)
    X = rng.normal(size=(1000, 4)).astype(np.float32)
    y = X @ np.array([3.0, -2.0, 0.5, 1.0]) * 100 + 1000
    y_mean, y_std = y.mean(), y.std()
    model = build_model()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    xt, yt = torch.from_numpy(X), torch.from_numpy(((y - y_mean) / y_std).astype(np.float32))[:, None]
    for _ in range(200):
        loss = nn.functional.mse_loss(model(xt), yt)
        opt.zero_grad()
        loss.backward()
        opt.step()
    torch.save({"model": model.state_dict(), "y_mean": torch.tensor(y_mean), "y_std": torch.tensor(y_std)}, path)


def load_for_inference(path, device):
    ckpt = torch.load(path, map_location=device)
    model = build_model().to(device)
    model.load_state_dict(ckpt["model"])
    return model.eval(), ckpt["y_mean"], ckpt["y_std"]


if __name__ == "__main__":
    path = os.path.join(tempfile.mkdtemp(), "regressor.pt")
    train_and_save(path)
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    model, y_mean, y_std = load_for_inference(path, device)
    x = torch.tensor([[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]], device=device)
    with torch.no_grad():
        print("predictions (expect ~1300, ~800):", (model(x) * y_std + y_mean).squeeze(-1).cpu().numpy().round(1))
