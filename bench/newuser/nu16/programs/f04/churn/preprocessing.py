import numpy as np
import pandas as pd
from sklearn.preprocessing import StandardScaler

NUMERIC = ["tenure_months", "monthly_charges", "support_calls"]


def synthetic_customers(n, seed=0):
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame({
        "tenure_months": rng.integers(1, 72, size=n),
        "monthly_charges": rng.uniform(20, 120, size=n).round(2),
        "support_calls": rng.poisson(2, size=n),
    })
    logit = -0.04 * frame.tenure_months + 0.02 * frame.monthly_charges + 0.3 * frame.support_calls
    frame["churned"] = (logit + rng.normal(0, 1, size=n) > 0.5).astype(int)
    return frame


def fit_scaler(frame):
    scaler = StandardScaler()
    scaler.fit(frame[NUMERIC])
    return scaler
