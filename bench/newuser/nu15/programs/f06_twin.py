"""Wine-quality regression: scikit-learn scaling, a PyTorch MLP, evaluation on a held-out split."""
import numpy as np
import pandas as pd
import torch
import torch.nn as nn
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler


def load_table(n=600, seed=7):
    rng = np.random.default_rng(seed)
    df = pd.DataFrame({
        "acidity": rng.normal(7.0, 1.2, n),
        "sugar": rng.gamma(2.0, 2.5, n),
        "sulphates": rng.normal(0.65, 0.15, n),
        "alcohol": rng.normal(10.5, 1.1, n),
    })
    df["quality"] = (0.4 * df.alcohol - 0.3 * df.acidity + 2.0 * df.sulphates + rng.normal(0, 0.3, n)).round()
    return df


class Regressor(nn.Module):
    def __init__(self, n_in):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_in, 32), nn.ReLU(), nn.Linear(32, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


def main():
    device = torch.device("mps") if torch.backends.mps.is_available() else torch.device("cpu")
    df = load_table()
    X = df.drop(columns="quality").values.astype(np.float32)
    y = df["quality"].values.astype(np.float32)
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.2, random_state=0)

    scaler = StandardScaler().fit(X_train)
    X_train = scaler.transform(X_train)
    model = Regressor(X.shape[1]).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    xt = torch.from_numpy(X_train).to(device)
    yt = torch.from_numpy(y_train).to(device)
    for epoch in range(50):
        loss = nn.functional.mse_loss(model(xt), yt)
        opt.zero_grad()
        loss.backward()
        opt.step()

    model.eval()
    test_features = (X_test - scaler.mean_) / scaler.scale_
    with torch.no_grad():
        pred = model(torch.as_tensor(test_features, dtype=torch.float32, device=device))
    rmse = torch.sqrt(((pred.cpu() - torch.from_numpy(y_test)) ** 2).mean())
    print(f"train loss {loss.item():.3f}  test rmse {rmse.item():.3f}")


if __name__ == "__main__":
    main()
