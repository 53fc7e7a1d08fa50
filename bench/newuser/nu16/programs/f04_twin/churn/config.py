from dataclasses import dataclass, field

import torch


def _default_device():
    return "mps" if torch.backends.mps.is_available() else "cpu"


@dataclass
class TrainConfig:
    n_customers: int = 400
    batch_size: int = 64
    epochs: int = 3
    lr: float = 3e-3
    device: str = field(default_factory=_default_device)
