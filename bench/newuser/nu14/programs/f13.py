"""LSTM load forecaster trained on sliding windows cut from a pandas frame."""
import numpy as np
import pandas as pd
import torch
import torch.nn as nn

DEVICE = torch.device("mps") if torch.backends.mps.is_available() else torch.device("cpu")


def load_frame(days=20, seed=3):
    idx = pd.date_range("2024-01-01", periods=days * 24, freq="h")
    rng = np.random.default_rng(seed)
    hour = idx.hour.to_numpy()
    frame = pd.DataFrame({
        "load_mw": 500 + 80 * np.sin(2 * np.pi * hour / 24) + rng.normal(0, 10, len(idx)),
        "temp_c": 10 + 5 * np.cos(2 * np.pi * hour / 24) + rng.normal(0, 1, len(idx)),
    }, index=idx)
    frame["load_ma24"] = frame["load_mw"].rolling(24, min_periods=1).mean()
    frame = (frame - frame.mean()) / frame.std()
    return frame


def windows(frame, lookback=48, horizon=1, batch_size=32):
    values = frame.values
    xs, ys = [], []
    for start in range(len(values) - lookback - horizon):
        xs.append(values[start:start + lookback])
        ys.append(values[start + lookback:start + lookback + horizon, 0])
        if len(xs) == batch_size:
            yield np.stack(xs), np.stack(ys)
            xs, ys = [], []


class LoadLSTM(nn.Module):
    def __init__(self, n_features, hidden=32):
        super().__init__()
        self.lstm = nn.LSTM(n_features, hidden, batch_first=True)
        self.head = nn.Linear(hidden, 1)

    def forward(self, x):
        out, _ = self.lstm(x)
        return self.head(out[:, -1])


def main():
    frame = load_frame()
    model = LoadLSTM(frame.shape[1]).to(DEVICE)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for i, (x, y) in enumerate(windows(frame)):
        xb = torch.from_numpy(x).to(DEVICE).float()
        yb = torch.from_numpy(y).float().to(DEVICE)
        loss = nn.functional.mse_loss(model(xb), yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if i == 5:
            break
    print("loss", loss.item())


if __name__ == "__main__":
    main()
