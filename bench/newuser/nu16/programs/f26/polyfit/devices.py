import torch


def pick():
    for name, ok in (("cuda", torch.cuda.is_available()), ("mps", torch.backends.mps.is_available())):
        if ok:
            return torch.device(name)
    return torch.device("cpu")


def as_device_tensor(array, device):
    """Zero-copy where possible: wrap a NumPy array as a tensor on `device`."""
    return torch.as_tensor(array, device=device)
