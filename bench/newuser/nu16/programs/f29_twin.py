"""Hourly energy-load forecasting with cyclical calendar features and a GRU."""
import numpy as np
import pandas as pd
import torch
from sklearn.preprocessing import MinMaxScaler
from torch import nn


def load_frame(hours=24 * 30, seed=0):
    rng = np.random.default_rng(seed)
    idx = pd.date_range("2023-01-01", periods=hours, freq="h")
    load = 50 + 10 * np.sin(2 * np.pi * idx.hour / 24) + 5 * (idx.dayofweek < 5) + rng.normal(0, 2, hours)
    df = pd.DataFrame({"load": load}, index=idx)
    df["hour_sin"] = np.sin(2 * np.pi * df.index.hour / 24)
    df["hour_cos"] = np.cos(2 * np.pi * df.index.hour / 24)
    df["weekday"] = (df.index.dayofweek < 5).astype(int)
    df["load_lag24"] = df["load"].shift(24)
    return df.dropna()


class LoadGRU(nn.Module):
    def __init__(self, n_features, hidden=32):
        super().__init__()
        self.gru = nn.GRU(n_features, hidden, batch_first=True)
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        h, _ = self.gru(x.float())
        return self.out(h).squeeze(-1)


def main():
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    torch.set_default_device(device)
    torch.manual_seed(0)
    df = load_frame()
    scaler = MinMaxScaler()
    scaled = scaler.fit_transform(df[["load", "hour_sin", "hour_cos", "weekday", "load_lag24"]])
    inputs = torch.tensor(scaled[:-1], dtype=torch.float32).unsqueeze(0)
    targets = torch.tensor(scaled[1:, 0], dtype=torch.float32).unsqueeze(0)
    model = LoadGRU(inputs.shape[-1])
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(5):
        loss = nn.functional.mse_loss(model(inputs), targets)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("mse", round(loss.item(), 5))


if __name__ == "__main__":
    main()
