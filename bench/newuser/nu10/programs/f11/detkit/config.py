from dataclasses import dataclass, field

import torch


def pick_device() -> str:
    if torch.cuda.is_available():
        return "cuda"
    if torch.backends.mps.is_available():
        return "mps"
    return "cpu"


@dataclass
class DetConfig:
    image_size: int = 256
    strides: tuple = (8, 16, 32)
    anchor_sizes: tuple = (32, 64, 128)
    aspect_ratios: tuple = (0.5, 1.0, 2.0)
    pos_iou: float = 0.5
    device: str = field(default_factory=pick_device)
