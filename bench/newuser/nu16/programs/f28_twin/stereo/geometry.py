import math

import torch


class PinholeCamera:
    """Intrinsics in float32 so they can live on any accelerator."""

    def __init__(self, width, height, fov_deg):
        f = 0.5 * width / math.tan(math.radians(fov_deg) / 2)
        self.width, self.height = width, height
        self.K = torch.tensor([[f, 0.0, width / 2], [0.0, f, height / 2], [0.0, 0.0, 1.0]], dtype=torch.float32)

    @classmethod
    def from_config(cls, cfg):
        return cls(cfg["width"], cfg["height"], cfg["fov"])
