import torch


def get_device():
    """cuda, then Apple's mps, then the CPU."""
    if torch.cuda.is_available():
        return torch.device("cuda")
    if getattr(torch.backends, "mps", None) is not None and torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


BATCH_SIZE = 64
EPOCHS = 2
LR = 3e-3
