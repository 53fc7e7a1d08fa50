import torch
from torch import nn


class Forecaster:
    def __init__(self, n_features, device):
        self.device = device
        self.net = nn.Sequential(nn.Linear(n_features, 32), nn.GELU(), nn.Linear(32, 1)).to(device)

    def _tensor(self, frame):
        return torch.tensor(frame.to_numpy(), dtype=torch.float32, device=self.device)

    def fit(self, feature_set, epochs=200):
        x = self._tensor(feature_set.frame)
        y = self._tensor(feature_set.target)
        opt = torch.optim.Adam(self.net.parameters(), lr=1e-2)
        for _ in range(epochs):
            loss = nn.functional.mse_loss(self.net(x).squeeze(-1), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        return loss.item()
