"""Quantile regression network for prediction intervals (pinball loss)."""
import numpy as np
import torch
import torch.nn as nn
from scipy.stats import norm


class PinballLoss(nn.Module):
    def __init__(self, taus):
        super().__init__()
        self.taus = torch.from_numpy(taus).float()

    def forward(self, pred, target):
        taus = self.taus.to(pred.device)
        err = target.unsqueeze(-1) - pred
        return torch.maximum(taus * err, (taus - 1) * err).mean()


def make_data(n=2000, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.uniform(0, 4, size=(n, 1)).astype(np.float32)
    noise = (0.2 + 0.3 * x[:, 0]) * rng.standard_normal(n).astype(np.float32)
    return x, np.sin(x[:, 0]) + noise


def main(device=None):
    device = device or ("mps" if torch.backends.mps.is_available() else "cpu")
    taus = norm.cdf([-1.645, -1.0, 0.0, 1.0, 1.645])  # 5%, 16%, 50%, 84%, 95%
    x, y = make_data()
    x, y = torch.from_numpy(x).to(device), torch.from_numpy(y).to(device)
    model = nn.Sequential(nn.Linear(1, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, len(taus))).to(device)
    loss_fn = PinballLoss(taus)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for step in range(300):
        loss = loss_fn(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        q = model(torch.tensor([[1.0], [3.0]], device=device)).cpu().numpy()
    print("quantiles at x=1:", q[0].round(2), "at x=3:", q[1].round(2))


if __name__ == "__main__":
    main()
