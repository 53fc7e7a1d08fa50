import json
from dataclasses import asdict, dataclass

import torch


def auto_device():
    if torch.cuda.is_available():
        return "cuda"
    return "mps" if torch.backends.mps.is_available() else "cpu"


@dataclass
class PricingConfig:
    spot: float = 100.0
    strike: float = 105.0
    rate: float = 0.03
    vol: float = 0.25
    maturity: float = 1.0
    steps: int = 252
    paths: int = 20000
    seed: int = 1234
    dtype: str = "float64"  # prices are compared to closed forms to 1e-3
    device: str = ""

    @classmethod
    def load(cls, path=None):
        cfg = cls(**json.load(open(path))) if path else cls()
        cfg.device = cfg.device or auto_device()
        return cfg

    def dump(self, path):
        json.dump(asdict(self), open(path, "w"), indent=2)
