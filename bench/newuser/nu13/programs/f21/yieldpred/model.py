from torch import nn


class YieldRegressor(nn.Module):
    def __init__(self, n_in=6, hidden=24):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_in, hidden), nn.Tanh(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)
