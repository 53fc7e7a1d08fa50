import numpy as np
import pandas as pd


def load_demand(n_days=120, seed=0):
    rng = np.random.default_rng(seed)
    idx = pd.date_range("2022-01-01", periods=n_days * 24, freq="h")
    daily = 50 + 20 * np.sin(2 * np.pi * idx.hour / 24)
    weekly = 10 * (idx.dayofweek >= 5)
    return pd.Series(daily + weekly + rng.normal(0, 3, len(idx)), index=idx, name="demand")
