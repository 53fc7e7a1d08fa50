import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.preprocessing import OneHotEncoder, StandardScaler

NUMERIC = ["tenure", "monthly_charges", "support_calls"]
CATEGORICAL = ["plan", "region"]


def fake_customers(n=400, seed=0):
    rng = np.random.default_rng(seed)
    df = pd.DataFrame({
        "tenure": rng.integers(1, 72, n),
        "monthly_charges": rng.uniform(20, 120, n).round(2),
        "support_calls": rng.poisson(1.5, n),
        "plan": rng.choice(["basic", "plus", "pro"], n),
        "region": rng.choice(["n", "s", "e", "w"], n),
    })
    logit = -2 + 0.8 * df.support_calls - 0.03 * df.tenure + (df.plan == "basic") * 0.5
    df["churned"] = (rng.random(n) < 1 / (1 + np.exp(-logit))).astype(int)
    return df


def build_preprocessor():
    return ColumnTransformer([
        ("num", StandardScaler(), NUMERIC),
        ("cat", OneHotEncoder(sparse_output=False, handle_unknown="ignore"), CATEGORICAL),
    ])
