import numpy as np
import pandas as pd


def synthetic_station(path, hours=24 * 30, seed=0):
    rng = np.random.default_rng(seed)
    t = np.arange(hours)
    df = pd.DataFrame({
        "time": pd.date_range("2023-01-01", periods=hours, freq="h"),
        "temp": 10 + 8 * np.sin(2 * np.pi * t / 24) + rng.normal(0, 1, hours),
        "pressure": 1013 + rng.normal(0, 3, hours).cumsum() * 0.1,
        "humidity": rng.integers(30, 95, hours),
        "wind": np.abs(rng.normal(3, 2, hours)),
    })
    df.to_csv(path, index=False)


def load_station(path):
    return pd.read_csv(path, parse_dates=["time"]).set_index("time")


def normalisation_stats(frame, columns):
    cols = list(columns)
    return {"mean": frame[cols].mean().to_numpy(dtype=np.float32),
            "std": frame[cols].std().to_numpy(dtype=np.float32)}


def windows(frame, columns, window, horizon):
    values = frame[list(columns)].to_numpy(dtype=np.float32)
    xs, ys = [], []
    for start in range(len(values) - window - horizon):
        xs.append(values[start:start + window])
        ys.append(values[start + window + horizon - 1, 0])
    return np.stack(xs), np.array(ys, dtype=np.float32)
