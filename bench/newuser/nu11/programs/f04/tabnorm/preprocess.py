"""Feature statistics fitted once on the training split."""
import numpy as np
from sklearn.preprocessing import StandardScaler


def make_data(n=96, d=5, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(3.0, 2.0, size=(n, d)).astype(np.float32)
    w = rng.normal(size=d).astype(np.float32)
    y = (X @ w > 3.0 * w.sum()).astype(np.int64)
    return X, y


def fit_scaler(X):
    scaler = StandardScaler()
    scaler.fit(X)
    return scaler
