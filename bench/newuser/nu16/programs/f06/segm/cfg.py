from dataclasses import dataclass, field

import torch


@dataclass
class ExperimentConfig:
    num_classes: int = 4
    image_size: int = 32
    # fraction of pixels of each class in the training set (background, road, car, person)
    class_frequencies: list = field(default_factory=lambda: [0.6, 0.25, 0.1, 0.05])
    device: torch.device = field(
        default_factory=lambda: torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    )
