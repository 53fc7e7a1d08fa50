"""Predict house prices from a CSV with pandas feature engineering."""
import os
import tempfile

import numpy as np
import pandas as pd
import torch
from torch import nn


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def write_fake_csv(path, n=200):
    rng = np.random.default_rng(1)
    df = pd.DataFrame({
        "sqft": rng.integers(400, 4000, n),
        "rooms": rng.integers(1, 8, n),
        "year": rng.integers(1950, 2020, n),
        "city": rng.choice(["a", "b", "c"], n),
    })
    df["price"] = df.sqft * 120 + df.rooms * 5000 + rng.normal(0, 1e4, n)
    df.to_csv(path, index=False)


def engineer(df):
    df = df.copy()
    df["age"] = 2024 - df["year"]
    df["sqft_per_room"] = df["sqft"] / df["rooms"]
    df = pd.get_dummies(df, columns=["city"], dtype=int)
    for col in ["sqft", "age", "sqft_per_room"]:
        df[col] = (df[col] - df[col].mean()) / df[col].std()
    return df


def main():
    device = get_device()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "houses.csv")
        write_fake_csv(path)
        raw = pd.read_csv(path)
    frame = engineer(raw)
    target = (frame.pop("price") / 1e5).to_numpy()
    features = frame.drop(columns=["year"]).to_numpy()

    X = torch.tensor(features, dtype=torch.float32).to(device)
    y = torch.tensor(target, dtype=torch.float32).unsqueeze(1).to(device)
    model = nn.Sequential(nn.Linear(X.shape[1], 16), nn.ReLU(), nn.Linear(16, 1)).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for epoch in range(20):
        loss = nn.functional.mse_loss(model(X), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("final loss", loss.item())


if __name__ == "__main__":
    main()
