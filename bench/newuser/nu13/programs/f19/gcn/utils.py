import os

import torch


def device_from_env():
    name = os.environ.get("GCN_DEVICE")
    if name:
        return torch.device(name)
    return torch.device("mps") if torch.backends.mps.is_available() else torch.device("cpu")
