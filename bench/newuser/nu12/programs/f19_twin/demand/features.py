"""Daily demand features: calendar terms and rolling statistics, with pandas."""
from typing import NamedTuple

import numpy as np
import pandas as pd


class FeatureSet(NamedTuple):
    frame: pd.DataFrame
    target: pd.Series
    columns: list


def daily_sales(days=400, seed=0):
    rng = np.random.default_rng(seed)
    index = pd.date_range("2023-01-01", periods=days, freq="D")
    weekly = 20 * np.sin(2 * np.pi * index.dayofweek / 7)
    trend = np.linspace(100, 140, days)
    return pd.Series(trend + weekly + rng.normal(0, 5, days), index=index, name="units")


def build_features(sales: pd.Series) -> FeatureSet:
    frame = pd.DataFrame(index=sales.index)
    frame["lag_1"] = sales.shift(1)
    frame["lag_7"] = sales.shift(7)
    frame["roll_mean_7"] = sales.shift(1).rolling(7).mean()
    frame["roll_std_7"] = sales.shift(1).rolling(7).std()
    frame["dow_sin"] = np.sin(2 * np.pi * sales.index.dayofweek / 7)
    frame["dow_cos"] = np.cos(2 * np.pi * sales.index.dayofweek / 7)
    frame = frame.dropna()
    frame = (frame - frame.mean()) / frame.std()
    target = sales.loc[frame.index]
    return FeatureSet(frame, (target - target.mean()) / target.std(), list(frame.columns))
