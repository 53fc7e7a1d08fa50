from torch.utils.data import IterableDataset


class SlidingWindows(IterableDataset):
    def __init__(self, series, context, horizon, stride=24):
        self.values = series.values
        self.context, self.horizon, self.stride = context, horizon, stride

    def __iter__(self):
        last = len(self.values) - self.context - self.horizon
        for start in range(0, last + 1, self.stride):
            mid = start + self.context
            yield {"past": self.values[start:mid], "future": self.values[mid:mid + self.horizon]}
