"""Dataset of sliding windows over the sensor log."""
from torch.utils.data import Dataset

from faultwatch.data import FEATURES


class WindowDataset(Dataset):
    def __init__(self, df, window=8):
        self.values = df[FEATURES].to_numpy()
        self.labels = df["fault"].to_numpy()
        self.window = window

    def __len__(self):
        return len(self.values) - self.window

    def __getitem__(self, i):
        x = self.values[i:i + self.window]
        y = self.labels[i + self.window - 1]
        return x, y
