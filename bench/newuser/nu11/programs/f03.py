"""Predict house prices from a small pandas table."""
import argparse

import numpy as np
import pandas as pd
import torch
import torch.nn as nn


def default_device():
    if torch.cuda.is_available():
        return "cuda"
    return "mps" if torch.backends.mps.is_available() else "cpu"


def load_frame(n=128, seed=0):
    rng = np.random.default_rng(seed)
    df = pd.DataFrame({
        "sqft": rng.uniform(500, 3000, n),
        "rooms": rng.integers(1, 6, n),
        "age": rng.uniform(0, 80, n),
    })
    df["price"] = 100 * df["sqft"] + 5000 * df["rooms"] - 300 * df["age"] + rng.normal(0, 1e4, n)
    return df


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--device", default=default_device())
    parser.add_argument("--epochs", type=int, default=2)
    args = parser.parse_args()

    df = load_frame()
    feats = df[["sqft", "rooms", "age"]]
    feats = (feats - feats.mean()) / feats.std()
    target = (df["price"] - df["price"].mean()) / df["price"].std()

    X = torch.tensor(feats.values, device=args.device)
    y = torch.tensor(target.values, device=args.device).unsqueeze(1)

    model = nn.Sequential(nn.Linear(3, 16), nn.ReLU(), nn.Linear(16, 1)).to(args.device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(args.epochs):
        loss = nn.functional.mse_loss(model(X.float()), y.float())
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch} mse {loss.item():.4f}")


if __name__ == "__main__":
    main()
