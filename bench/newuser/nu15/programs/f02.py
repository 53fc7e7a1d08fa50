"""Churn prediction from a CSV export: pandas features, a small MLP, mini-batch training."""
import argparse
import os
import tempfile

import numpy as np
import pandas as pd
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def write_fake_export(path, n=512, seed=3):
    rng = np.random.default_rng(seed)
    df = pd.DataFrame({
        "tenure_months": rng.integers(1, 72, n),
        "monthly_charges": rng.normal(70, 20, n).round(2),
        "support_calls": rng.poisson(1.5, n),
        "plan": rng.choice(["basic", "plus", "pro"], n),
    })
    df["total_charges"] = (df.tenure_months * df.monthly_charges).round(2)
    df["churned"] = (rng.random(n) < 0.2 + 0.05 * df.support_calls).astype(int)
    df.to_csv(path, index=False)


def build_features(df):
    df = df.copy()
    df["charges_per_month"] = df.total_charges / df.tenure_months
    df["log_total"] = np.log1p(df.total_charges)
    df = pd.get_dummies(df, columns=["plan"], dtype=int)
    cols = [c for c in df.columns if c != "churned"]
    feats = df[cols]
    feats = (feats - feats.mean()) / feats.std()
    return feats.to_numpy(), df["churned"].to_numpy()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--batch-size", type=int, default=64)
    args = parser.parse_args()
    device = "mps" if torch.backends.mps.is_available() else ("cuda" if torch.cuda.is_available() else "cpu")

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "customers.csv")
        write_fake_export(path)
        raw = pd.read_csv(path)
    X, y = build_features(raw)
    ds = TensorDataset(torch.tensor(X), torch.tensor(y))
    loader = DataLoader(ds, batch_size=args.batch_size, shuffle=True)

    model = nn.Sequential(nn.Linear(X.shape[1], 32), nn.ReLU(), nn.Linear(32, 1)).to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    loss_fn = nn.BCEWithLogitsLoss()
    for epoch in range(args.epochs):
        total = 0.0
        for xb, yb in loader:
            xb = xb.to(device).float()
            yb = yb.to(device).float()
            loss = loss_fn(model(xb).squeeze(-1), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(xb)
        print(f"epoch {epoch} loss {total / len(ds):.4f}")


if __name__ == "__main__":
    main()
