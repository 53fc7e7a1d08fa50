"""Customer churn table: generated, written to CSV, read back and encoded."""
import os
import tempfile

import numpy as np
import pandas as pd
from sklearn.preprocessing import StandardScaler

NUMERIC = ["tenure_months", "monthly_charges", "support_calls"]
CATEGORICAL = ["contract", "payment"]


def generate_csv(path, n=500, seed=0):
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame({
        "tenure_months": rng.integers(1, 72, n),
        "monthly_charges": rng.uniform(20, 120, n).round(2),
        "support_calls": rng.poisson(1.5, n),
        "contract": rng.choice(["monthly", "yearly", "two_year"], n),
        "payment": rng.choice(["card", "bank", "check"], n),
    })
    risk = 0.03 * frame.monthly_charges - 0.05 * frame.tenure_months + 0.6 * frame.support_calls
    frame["churned"] = (risk + rng.normal(0, 1, n) > 1.0).astype(int)
    frame.to_csv(path, index=False)


def load_table():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "churn.csv")
        generate_csv(path)
        frame = pd.read_csv(path)
    encoded = pd.get_dummies(frame[CATEGORICAL]).astype(np.uint8)
    scaled = StandardScaler().fit_transform(frame[NUMERIC])
    features = np.hstack([scaled, encoded.to_numpy()])
    return features, frame["churned"].to_numpy()
