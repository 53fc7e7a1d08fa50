"""Forecast a noisy seasonal signal with an LSTM trained on sliding windows."""
import numpy as np
import torch
from torch import nn


def seasonal_signal(n_steps, period=24.0, noise=0.1, seed=0):
    rng = np.random.default_rng(seed)
    t = np.arange(n_steps) * 1.0
    return np.sin(2 * np.pi * t / period) + 0.01 * t + noise * rng.standard_normal(n_steps)


def sliding_windows(series, window, horizon, batch_size):
    starts = np.arange(len(series) - window - horizon)
    np.random.default_rng(0).shuffle(starts)
    for i in range(0, len(starts), batch_size):
        idx = starts[i:i + batch_size]
        inputs = np.stack([series[s:s + window] for s in idx])[..., None]
        targets = np.stack([series[s + window:s + window + horizon] for s in idx])
        yield inputs, targets


class Forecaster(nn.Module):
    def __init__(self, hidden=32, horizon=6):
        super().__init__()
        self.lstm = nn.LSTM(1, hidden, batch_first=True)
        self.head = nn.Linear(hidden, horizon)

    def forward(self, x):
        out, _ = self.lstm(x)
        return self.head(out[:, -1])


def main():
    device = torch.device("mps") if torch.backends.mps.is_available() else torch.device("cpu")
    torch.manual_seed(0)
    series = seasonal_signal(600)
    model = Forecaster().to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(2):
        for inputs, targets in sliding_windows(series, window=48, horizon=6, batch_size=64):
            x = torch.as_tensor(inputs, device=device).float()
            y = torch.as_tensor(targets, device=device).float()
            loss = nn.functional.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: {loss.item():.4f}")


if __name__ == "__main__":
    main()
