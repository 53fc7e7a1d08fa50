import torch
import torch.nn as nn


class StationMixture(nn.Module):
    """Per-station regressors mixed by a learnable prior over stations."""

    def __init__(self, prior, n_features=5, hidden=16):
        super().__init__()
        n_stations = len(prior)
        self.log_prior = nn.Parameter(torch.log(torch.from_numpy(prior)))
        self.body = nn.Sequential(nn.Linear(n_features, hidden), nn.GELU())
        self.heads = nn.Linear(hidden, n_stations)

    def forward(self, x):
        per_station = self.heads(self.body(x))
        weights = torch.softmax(self.log_prior, dim=0).to(per_station.dtype)
        return per_station @ weights
