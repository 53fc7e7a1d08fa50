import numpy as np
from sklearn.datasets import make_classification
from sklearn.preprocessing import StandardScaler


def load_data(n=200, seed=0):
    X, y = make_classification(n_samples=n, n_features=6, random_state=seed)
    return X.astype(np.float32), y


def fit_scaler(X):
    scaler = StandardScaler()
    scaler.fit(X)
    return scaler
