import torch
from torch.utils.data import TensorDataset

from alpha.features import engineer, synthetic_prices

FEATURES = ["ret_1d", "ret_5d", "vol_20d", "ma_ratio", "log_volume", "dow"]


def build_datasets(val_fraction=0.2):
    df = engineer(synthetic_prices())
    split = int(len(df) * (1 - val_fraction))
    train, val = df.iloc[:split], df.iloc[split:]
    mu, sigma = train[FEATURES].mean(), train[FEATURES].std()

    def to_dataset(part):
        x = torch.tensor(((part[FEATURES] - mu) / sigma).values, dtype=torch.float32)
        y = torch.tensor(part["target"].values)
        return TensorDataset(x, y)

    return to_dataset(train), to_dataset(val)
