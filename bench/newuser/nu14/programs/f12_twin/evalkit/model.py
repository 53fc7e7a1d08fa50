import torch.nn as nn


def build_classifier(n_features, hidden=32):
    return nn.Sequential(nn.Linear(n_features, hidden), nn.ReLU(), nn.Linear(hidden, 1))
