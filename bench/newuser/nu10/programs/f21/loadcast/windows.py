import numpy as np
import pandas as pd
from numpy.lib.stride_tricks import sliding_window_view


def synthetic_load(days=120, seed=7):
    idx = pd.date_range("2024-01-01", periods=days * 24, freq="h")
    rng = np.random.default_rng(seed)
    daily = 10 * np.sin(2 * np.pi * (idx.hour - 6) / 24)
    weekly = np.where(idx.dayofweek >= 5, -5.0, 0.0)
    return pd.DataFrame({"load": 50 + daily + weekly + rng.normal(0, 2, len(idx))}, index=idx)


def make_windows(df, lookback=48, horizon=6):
    s = df["load"]
    scaled = ((s - s.rolling(24 * 7, min_periods=1).mean()) / s.std()).to_numpy()
    w = sliding_window_view(scaled, lookback + horizon)
    return w[:, :lookback, None], w[:, lookback:]


def batches(X, Y, batch_size=128, shuffle=True):
    order = np.random.permutation(len(X)) if shuffle else np.arange(len(X))
    for start in range(0, len(X), batch_size):
        idx = order[start:start + batch_size]
        yield X[idx], Y[idx]
