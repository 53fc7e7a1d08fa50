import os

import torch


def resolve_device(name=None):
    name = name or os.environ.get("DQN_DEVICE", "auto")
    if name != "auto":
        return torch.device(name)
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")
