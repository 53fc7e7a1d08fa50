"""Predict house prices from a CSV with a small MLP."""
import argparse
import os
import tempfile

import numpy as np
import pandas as pd
import torch
import torch.nn as nn


def make_csv(path, n=500):
    rng = np.random.default_rng(0)
    df = pd.DataFrame({
        "sqft": rng.uniform(400, 3000, n),
        "rooms": rng.integers(1, 6, n),
        "age": rng.uniform(0, 80, n),
    })
    df["price"] = 120 * df.sqft + 8000 * df.rooms - 500 * df.age + rng.normal(0, 5000, n)
    df.to_csv(path, index=False)


def resolve_device(name):
    if name == "auto":
        return "mps" if torch.backends.mps.is_available() else "cpu"
    return name


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--device", default="auto")
    parser.add_argument("--epochs", type=int, default=50)
    args = parser.parse_args()
    device = resolve_device(args.device)

    path = os.path.join(tempfile.mkdtemp(), "houses.csv")
    make_csv(path)
    df = pd.read_csv(path)
    feats = ["sqft", "rooms", "age"]
    df[feats] = (df[feats] - df[feats].mean()) / df[feats].std()
    target = (df["price"] - df["price"].mean()) / df["price"].std()

    X = torch.tensor(df[feats].values).to(device).float()
    y = torch.tensor(target.values).to(device).float().unsqueeze(1)

    model = nn.Sequential(nn.Linear(3, 32), nn.ReLU(), nn.Linear(32, 1)).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(args.epochs):
        loss = nn.functional.mse_loss(model(X), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(f"train mse {loss.item():.3f}")


if __name__ == "__main__":
    main()
