import numpy as np
import pandas as pd
import torch
from torch.utils.data import Dataset

NUMERIC = ["tenure_months", "monthly_charges", "support_calls"]


def write_export(path, n=1200, seed=3):
    rng = np.random.default_rng(seed)
    df = pd.DataFrame({
        "tenure_months": rng.integers(1, 72, n),
        "monthly_charges": rng.uniform(20, 120, n).round(2),
        "support_calls": rng.poisson(1.5, n),
        "plan": rng.choice(["basic", "plus", "pro"], n),
    })
    risk = 0.03 * df.support_calls * 10 - 0.04 * df.tenure_months + 0.01 * df.monthly_charges
    df["churned"] = (risk + rng.normal(0, 0.5, n) > 0).astype(int)
    df.to_csv(path, index=False)


class ChurnDataset(Dataset):
    def __init__(self, csv_path):
        df = pd.read_csv(csv_path)
        df[NUMERIC] = (df[NUMERIC] - df[NUMERIC].mean()) / df[NUMERIC].std()
        self.df = pd.get_dummies(df, columns=["plan"], dtype=np.float32)
        self.feature_cols = NUMERIC + [c for c in self.df.columns if c.startswith("plan_")]

    def __len__(self):
        return len(self.df)

    def __getitem__(self, i):
        row = self.df.iloc[i]
        features = torch.tensor(row[self.feature_cols].to_numpy(dtype=np.float32))
        return {"features": features, "label": float(row["churned"])}
