import json
from dataclasses import dataclass, field

import torch


@dataclass
class TrainConfig:
    width: int = 16
    steps: int = 40
    lr: float = 1e-2
    precision: str = "float32"
    device: str = "auto"
    extra: dict = field(default_factory=dict)

    @property
    def torch_dtype(self):
        return getattr(torch, self.precision)

    @property
    def torch_device(self):
        if self.device != "auto":
            return torch.device(self.device)
        if torch.cuda.is_available():
            return torch.device("cuda")
        if torch.backends.mps.is_available():
            return torch.device("mps")
        return torch.device("cpu")

    @classmethod
    def from_json(cls, text):
        return cls(**json.loads(text))
