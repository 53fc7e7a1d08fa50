import numpy as np
import pandas as pd
from torch.utils.data import Dataset


def load_frame(n=120, seed=0):
    rng = np.random.default_rng(seed)
    df = pd.DataFrame({
        "monthly_spend": rng.gamma(2.0, 30.0, n),
        "support_calls": rng.poisson(1.5, n),
        "tenure_months": rng.integers(1, 72, n),
    })
    df["churn_score"] = (df["support_calls"] * 0.3 - df["tenure_months"] / 72 + rng.normal(0, 0.1, n)).clip(0, 1)
    return df


class ChurnDataset(Dataset):
    features = ["monthly_spend", "support_calls", "tenure_months"]

    def __init__(self, df):
        x = df[self.features]
        self.x = ((x - x.mean()) / x.std()).to_numpy(dtype="float32")
        self.y = df["churn_score"].to_numpy(dtype="float32")

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i], self.y[i]
