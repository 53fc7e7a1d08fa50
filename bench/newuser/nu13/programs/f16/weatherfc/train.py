import os
import tempfile

import torch
from torch.utils.data import DataLoader, TensorDataset

from .config import Config
from .data import load_station, normalisation_stats, synthetic_station, windows
from .model import Forecaster


def main(cfg=Config()):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "station.csv")
        synthetic_station(path)
        frame = load_station(path)
    stats = normalisation_stats(frame, cfg.columns)
    xs, ys = windows(frame, cfg.columns, cfg.window, cfg.horizon)
    loader = DataLoader(TensorDataset(torch.from_numpy(xs), torch.from_numpy(ys)),
                        batch_size=cfg.batch_size, shuffle=True)
    model = Forecaster(stats, len(cfg.columns), cfg.hidden).to(cfg.device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(cfg.epochs):
        for x, y in loader:
            x, y = x.to(cfg.device), y.to(cfg.device)
            loss = torch.nn.functional.mse_loss(model(x), (y - model.mu[0].float()) / model.sigma[0].float())
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
