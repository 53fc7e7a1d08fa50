"""Feature engineering in float64 with pandas/scikit-learn; tensors are made float32 before the device."""
import json

import numpy as np
import pandas as pd
import torch
import torch.nn as nn
from sklearn.decomposition import PCA
from sklearn.preprocessing import StandardScaler

device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")


def build_features(n=150, seed=0):
    rng = np.random.default_rng(seed)
    df = pd.DataFrame(rng.normal(size=(n, 5)) * [1, 10, 100, 1000, 1e4], columns=list("abcde"))
    df["target"] = df["a"] + df["b"] / 10 + rng.normal(0, 0.1, n)
    X = StandardScaler().fit_transform(df[list("abcde")].to_numpy())
    X = PCA(n_components=3, random_state=0).fit_transform(X)
    return X, df["target"].to_numpy()


def main():
    torch.manual_seed(0)
    X, y = build_features()
    X_t = torch.from_numpy(X).float().to(device)
    y_t = torch.as_tensor(y, dtype=torch.float32, device=device)
    lr_schedule = torch.tensor([0.05, 0.02, 0.01], device=device)
    model = nn.Linear(3, 1).to(device)
    bias_init = model.bias.new_tensor(np.array([y.mean()]))
    with torch.no_grad():
        model.bias.copy_(bias_init)
    for lr in lr_schedule.tolist():
        opt = torch.optim.SGD(model.parameters(), lr=lr)
        for _ in range(20):
            loss = ((model(X_t).squeeze(1) - y_t) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
    print("RESULT " + json.dumps({"loss": loss.item(), "y_mean": float(y.mean())}))


if __name__ == "__main__":
    main()
