"""Closed-form ridge warm start solved in float64 on the CPU, then fine-tuned in float32 on the device."""
import numpy as np
import pandas as pd
import torch
from torch import nn


def make_frame(n=300, seed=0):
    rng = np.random.default_rng(seed)
    df = pd.DataFrame(rng.normal(size=(n, 5)), columns=[f"x{i}" for i in range(5)])
    df["x4"] = df["x3"] + 1e-4 * rng.normal(size=n)  # nearly collinear column
    df["y"] = df @ np.array([1.0, -2.0, 0.5, 3.0, -3.0]) + 0.1 * rng.normal(size=n)
    return df


def ridge_solution(X, y, alpha=1e-3):
    # nearly singular normal equations: keep this on the CPU in double
    Xt = torch.from_numpy(X)
    yt = torch.from_numpy(y)
    A = Xt.T @ Xt + alpha * torch.eye(Xt.shape[1], dtype=Xt.dtype)
    return torch.linalg.solve(A, Xt.T @ yt)


def main():
    df = make_frame()
    X = df.drop(columns="y").to_numpy()
    y = df["y"].to_numpy()
    mean, std = X.mean(0), X.std(0)
    Xs = (X - mean) / std
    w = ridge_solution(Xs, y - y.mean())

    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    model = nn.Linear(5, 1).to(device)
    with torch.no_grad():
        model.weight.copy_(w.float().unsqueeze(0).to(device))
        model.bias.fill_(float(y.mean()))
    xb = torch.from_numpy(Xs.astype(np.float32)).to(device)
    yb = torch.from_numpy(y.astype(np.float32)).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=1e-3)
    for _ in range(10):
        loss = nn.functional.mse_loss(model(xb).squeeze(1), yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(f"mse {loss.item():.5f}")


if __name__ == "__main__":
    main()
