from dataclasses import dataclass, field

import torch

PRECISIONS = {"fp32": torch.float32, "fp64": torch.float64, "bf16": torch.bfloat16}


def detect_device() -> str:
    if torch.cuda.is_available():
        return "cuda"
    if torch.backends.mps.is_available():
        return "mps"
    return "cpu"


@dataclass
class PINNConfig:
    hidden: int = 32
    layers: int = 3
    collocation: int = 256
    iterations: int = 200
    lr: float = 1e-2
    precision: str = "fp64"   # second derivatives are noisy in single precision
    device: str = field(default_factory=detect_device)

    @property
    def dtype(self):
        if self.precision == "fp64" and self.device == "mps":
            return torch.float32  # MPS has no float64
        return PRECISIONS[self.precision]
