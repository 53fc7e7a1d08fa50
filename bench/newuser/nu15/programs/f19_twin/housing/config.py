from dataclasses import dataclass, field

import torch


def _auto_device() -> str:
    if torch.cuda.is_available():
        return "cuda"
    if torch.backends.mps.is_available():
        return "mps"
    return "cpu"


@dataclass
class Config:
    hidden: int = 64
    epochs: int = 30
    lr: float = 5e-3
    device: str = field(default_factory=_auto_device)
