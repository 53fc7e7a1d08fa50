"""Customer-churn table: synthesize a CSV, read it back with pandas, scale the features."""
import os
import tempfile

import numpy as np
import pandas as pd
from sklearn.preprocessing import StandardScaler
from torch.utils.data import Dataset

FEATURES = ["tenure_months", "monthly_charges", "support_calls", "data_gb"]


def write_fake_csv(path, n=256, seed=0):
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame({
        "tenure_months": rng.integers(1, 72, n),
        "monthly_charges": rng.normal(70, 20, n).round(2),
        "support_calls": rng.poisson(2, n),
        "data_gb": rng.gamma(2.0, 3.0, n).round(1),
    })
    frame["churned"] = (frame["support_calls"] > 3).astype(int)
    frame.to_csv(path, index=False)


def load_table(path):
    frame = pd.read_csv(path)
    scaler = StandardScaler()
    features = scaler.fit_transform(frame[FEATURES])
    labels = frame["churned"].to_numpy()
    return features, labels, scaler


class ChurnDataset(Dataset):
    def __init__(self, features, labels):
        self.features = features
        self.labels = labels

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        return self.features[idx], self.labels[idx]


def make_dataset():
    folder = tempfile.mkdtemp(prefix="churn_")
    path = os.path.join(folder, "customers.csv")
    write_fake_csv(path)
    features, labels, _ = load_table(path)
    return ChurnDataset(features, labels)
