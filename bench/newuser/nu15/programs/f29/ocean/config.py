"""Run configuration, as it would be read from a YAML file."""
import torch

DEFAULTS = {
    "nx": 128,
    "steps": 100,
    "dt": 0.01,
    "wave_speed": 1.5,
    "precision": "float64",
}


def auto_device():
    return "mps" if torch.backends.mps.is_available() else "cpu"


class RunConfig:
    def __init__(self, **overrides):
        values = {**DEFAULTS, **overrides}
        for key, value in values.items():
            setattr(self, key, value)
        self.device = overrides.get("device", auto_device())

    @property
    def torch_dtype(self):
        return getattr(torch, self.precision)
