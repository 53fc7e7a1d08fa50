from sklearn.datasets import make_regression


def make_data(n=128, d=8, seed=0):
    X, y = make_regression(n_samples=n, n_features=d, noise=5.0, random_state=seed)
    return X, y / 100.0
