import torch


def default_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


class BaseAgent:
    def __init__(self, device=None):
        self.device = device or default_device()
