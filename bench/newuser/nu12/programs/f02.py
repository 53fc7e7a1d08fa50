"""House-price regression from a CSV file, trained with a DataLoader."""
import argparse
import os
import tempfile

import numpy as np
import pandas as pd
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def write_fake_csv(path, n=256, seed=0):
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame(
        {
            "sqft": rng.integers(400, 4000, n),
            "rooms": rng.integers(1, 7, n),
            "age": rng.integers(0, 90, n),
            "distance_km": rng.uniform(0.5, 40.0, n).round(2),
        }
    )
    frame["price"] = 50 * frame.sqft + 9000 * frame.rooms - 300 * frame.age - 1500 * frame.distance_km
    frame.to_csv(path, index=False)


def parse_args():
    parser = argparse.ArgumentParser()
    default = "mps" if torch.backends.mps.is_available() else "cpu"
    parser.add_argument("--device", default=default)
    parser.add_argument("--epochs", type=int, default=3)
    return parser.parse_args([])


def main():
    args = parse_args()
    device = torch.device(args.device)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "houses.csv")
        write_fake_csv(path)
        frame = pd.read_csv(path)

    features = frame.drop(columns=["price"])
    features = (features - features.mean()) / features.std()
    target = (frame["price"] - frame["price"].mean()) / frame["price"].std()

    dataset = TensorDataset(torch.tensor(features.values), torch.tensor(target.values))
    loader = DataLoader(dataset, batch_size=32, shuffle=True)

    model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1)).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for epoch in range(args.epochs):
        total = 0.0
        for xb, yb in loader:
            xb = xb.to(device).float()
            yb = yb.to(device).float()
            loss = nn.functional.mse_loss(model(xb).squeeze(-1), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        print(f"epoch {epoch}: {total / len(loader):.4f}")


if __name__ == "__main__":
    main()
