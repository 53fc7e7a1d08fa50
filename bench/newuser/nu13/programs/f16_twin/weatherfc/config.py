from dataclasses import dataclass

import torch


@dataclass
class Config:
    columns: tuple = ("temp", "pressure", "humidity", "wind")
    window: int = 24
    horizon: int = 1
    hidden: int = 32
    epochs: int = 2
    batch_size: int = 32
    device: str = "mps" if torch.backends.mps.is_available() else "cpu"
