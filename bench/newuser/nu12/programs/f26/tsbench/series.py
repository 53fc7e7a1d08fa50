"""Synthetic hourly load series and a streaming window dataset over them."""
import numpy as np
from torch.utils.data import IterableDataset


def hourly_load(hours, seed):
    rng = np.random.default_rng(seed)
    t = np.arange(hours)
    daily = 10 * np.sin(2 * np.pi * t / 24)
    weekly = 4 * np.sin(2 * np.pi * t / (24 * 7))
    return 50 + daily + weekly + rng.normal(0, 1.5, hours)


class SlidingWindows(IterableDataset):
    def __init__(self, n_series=8, hours=24 * 21, context=24 * 7, horizon=24, stride=24):
        self.n_series, self.hours = n_series, hours
        self.context, self.horizon, self.stride = context, horizon, stride

    def __iter__(self):
        for seed in range(self.n_series):
            series = hourly_load(self.hours, seed)
            last = len(series) - self.context - self.horizon
            for start in range(0, last + 1, self.stride):
                mid = start + self.context
                yield series[start:mid], series[mid:mid + self.horizon]
