import torch.nn as nn


def make_model(n_features, hidden=32):
    return nn.Sequential(nn.Linear(n_features, hidden), nn.ReLU(), nn.Dropout(0.1), nn.Linear(hidden, 1))
