"""Linear regression with minibatches from a generator over synthetic NumPy data."""
import numpy as np
import torch
from torch import nn


def make_data(n=1000, d=5, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d)).astype(np.float32)
    w_true = rng.uniform(-2, 2, size=d)
    y = X @ w_true + 0.3 * rng.standard_normal(n)
    return X, y


def minibatches(X, y, batch_size, rng):
    idx = rng.permutation(len(X))
    for start in range(0, len(X), batch_size):
        sel = idx[start:start + batch_size]
        yield X[sel], y[sel]


def fit(X, y, device, epochs=3, batch_size=64):
    model = nn.Linear(X.shape[1], 1).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    rng = np.random.default_rng(1)
    for epoch in range(epochs):
        total = 0.0
        for xb, yb in minibatches(X, y, batch_size, rng):
            xb = torch.as_tensor(xb, dtype=torch.float32, device=device)
            yb = torch.as_tensor(yb, dtype=torch.float32, device=device)
            loss = nn.functional.mse_loss(model(xb).squeeze(1), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(xb)
        print(f"epoch {epoch} mse {total / len(X):.4f}")
    return model


if __name__ == "__main__":
    dev = torch.device("cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu")
    X, y = make_data()
    fit(X, y, dev)
