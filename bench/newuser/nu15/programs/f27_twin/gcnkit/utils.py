import torch


def to_device(data, device):
    return {name: torch.as_tensor(value).to(device) for name, value in vars(data).items()}
