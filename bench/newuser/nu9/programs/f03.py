"""Tabular regression on a CSV of house sales."""
import json
import os
import tempfile

import numpy as np
import pandas as pd
import torch
import torch.nn as nn

FEATURES = ["sqft", "bedrooms", "age"]
TARGET = "price"


def write_demo_csv(path, n=64, seed=0):
    rng = np.random.default_rng(seed)
    df = pd.DataFrame({
        "sqft": rng.integers(500, 3000, n),
        "bedrooms": rng.integers(1, 5, n),
        "age": rng.uniform(0, 50, n).round(1),
    })
    df["price"] = 100 * df["sqft"] + 5000 * df["bedrooms"] - 800 * df["age"] + rng.normal(0, 1e4, n)
    df.to_csv(path, index=False)


def load_features(path):
    df = pd.read_csv(path)
    df["sqft"] = df["sqft"] / 1000
    df["price"] = df["price"] / 1e5
    return df[FEATURES].values, df[TARGET].values


def main():
    torch.manual_seed(0)
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "houses.csv")
        write_demo_csv(path)
        X, y = load_features(path)
    X = torch.from_numpy(X).to(device).float()
    y = torch.from_numpy(y).to(device).float().unsqueeze(1)
    model = nn.Linear(len(FEATURES), 1).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    for _ in range(50):
        loss = nn.functional.mse_loss(model(X), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("RESULT " + json.dumps({"loss": loss.item()}))


if __name__ == "__main__":
    main()
