"""Tabular pipeline: pandas and scikit-learn in float64, cast to float32 before the batch moves."""
import numpy as np
import pandas as pd
import torch
import torch.nn as nn
from sklearn.preprocessing import StandardScaler


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def main():
    rng = np.random.default_rng(0)
    df = pd.DataFrame(rng.normal(size=(50, 4)), columns=list("abcd"))
    X = StandardScaler().fit_transform(df.values)
    y = (df["a"] + df["b"] > 0).to_numpy()
    device = get_device()
    xb = torch.from_numpy(X).float().to(device)
    yb = torch.from_numpy(y).float().to(device)
    model = nn.Linear(4, 1).to(device)
    loss = nn.functional.binary_cross_entropy_with_logits(model(xb).squeeze(1), yb)
    loss.backward()
    print("loss", round(loss.item(), 4))


if __name__ == "__main__":
    main()
