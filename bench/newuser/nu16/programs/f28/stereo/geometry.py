import math

import torch


class PinholeCamera:
    """Intrinsics kept in double precision: sub-pixel reprojection errors matter for calibration."""

    def __init__(self, width, height, fov_deg):
        f = 0.5 * width / math.tan(math.radians(fov_deg) / 2)
        self.width, self.height = width, height
        self.K = torch.tensor([[f, 0.0, width / 2], [0.0, f, height / 2], [0.0, 0.0, 1.0]], dtype=torch.double)

    @classmethod
    def from_config(cls, cfg):
        return cls(cfg["width"], cfg["height"], cfg["fov"])
