import torch.nn as nn


def tiny_unet(in_ch=3, n_classes=2):
    return nn.Sequential(
        nn.Conv2d(in_ch, 16, 3, padding=1), nn.ReLU(),
        nn.Conv2d(16, 16, 3, padding=1), nn.ReLU(),
        nn.Conv2d(16, n_classes, 1),
    )
