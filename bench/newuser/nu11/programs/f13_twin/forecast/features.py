"""Calendar and lag features for daily demand."""
import numpy as np
import pandas as pd


def load_demand(days=120, seed=0):
    rng = np.random.default_rng(seed)
    idx = pd.date_range("2023-01-01", periods=days, freq="D")
    base = 100 + 10 * np.sin(2 * np.pi * np.arange(days) / 7)
    return pd.DataFrame({"demand": base + rng.normal(0, 3, days)}, index=idx)


def add_features(df):
    df = df.copy()
    df["dow"] = df.index.dayofweek / 6.0
    df["lag7"] = df["demand"].shift(7)
    df["roll7"] = df["demand"].rolling(7).mean()
    df = df.dropna()
    mu, sd = df["demand"].mean(), df["demand"].std()
    for col in ["demand", "lag7", "roll7"]:
        df[col] = (df[col] - mu) / sd
    return df
