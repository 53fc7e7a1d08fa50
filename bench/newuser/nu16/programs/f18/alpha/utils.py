import torch


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def move_batch(batch, device):
    if isinstance(batch, (list, tuple)):
        return [move_batch(item, device) for item in batch]
    return batch.to(device, non_blocking=True)
