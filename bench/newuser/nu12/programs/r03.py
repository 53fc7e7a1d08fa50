"""Tabular classifier: pandas and scikit-learn work in float64, cast to float32 before anything touches the device."""
import numpy as np
import pandas as pd
import torch
from sklearn.preprocessing import StandardScaler
from torch import nn


def frame(n=300, seed=0):
    rng = np.random.default_rng(seed)
    df = pd.DataFrame({"a": rng.normal(size=n), "b": rng.uniform(0, 10, n), "c": rng.integers(0, 5, n)})
    df["label"] = ((df.a + 0.3 * df.b - df.c) > 0).astype(int)
    return df


def main():
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    df = frame()
    scaler = StandardScaler().fit(df[["a", "b", "c"]])
    x = scaler.transform(df[["a", "b", "c"]])                 # float64 on the host
    inputs = torch.from_numpy(x).float().to(device)
    labels = torch.as_tensor(df.label.to_numpy(), device=device)
    center = torch.tensor(scaler.mean_, dtype=torch.float32, device=device)
    model = nn.Sequential(nn.Linear(3, 16), nn.ReLU(), nn.Linear(16, 2)).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(100):
        loss = nn.functional.cross_entropy(model(inputs), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    acc = (model(inputs).argmax(1) == labels).float().mean().item()
    print(f"accuracy {acc:.3f}, feature centre {center.cpu().numpy().round(2)}")


if __name__ == "__main__":
    main()
