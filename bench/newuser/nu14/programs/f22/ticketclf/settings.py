from dataclasses import dataclass, field

import torch


def default_device() -> str:
    if torch.cuda.is_available():
        return "cuda"
    if torch.backends.mps.is_available():
        return "mps"
    return "cpu"


@dataclass
class TrainSettings:
    max_features: int = 200
    epochs: int = 5
    lr: float = 0.05
    device: str = field(default_factory=default_device)
