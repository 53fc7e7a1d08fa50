"""Customer churn table: one-hot categoricals, scaled numerics."""
import numpy as np
import pandas as pd


def load_customers(n=80, seed=0):
    rng = np.random.default_rng(seed)
    return pd.DataFrame({
        "tenure": rng.integers(1, 72, n),
        "monthly": rng.uniform(20, 120, n).round(2),
        "contract": rng.choice(["monthly", "yearly", "two_year"], n),
        "churn": rng.integers(0, 2, n),
    })


def to_matrix(df):
    X = pd.get_dummies(df.drop(columns="churn"), columns=["contract"])
    X = (X - X.mean()) / X.std()
    return X.to_numpy(), df["churn"].to_numpy()
