"""Batch inference for a small image classifier from uint8 frames."""
import numpy as np
import torch
from torch import nn

IMAGENET_MEAN = np.array([0.485, 0.456, 0.406])
IMAGENET_STD = np.array([0.229, 0.224, 0.225])


def center_crop(img, size):
    h, w = img.shape[:2]
    top, left = (h - size) // 2, (w - size) // 2
    return img[top:top + size, left:left + size]


def preprocess(frame, size=64):
    img = center_crop(frame, size) / 255.0
    img = (img - IMAGENET_MEAN) / IMAGENET_STD
    return np.ascontiguousarray(img.transpose(2, 0, 1))


class Predictor:
    def __init__(self, device=None):
        self.device = device or ("mps" if torch.backends.mps.is_available() else "cpu")
        torch.manual_seed(0)
        self.model = nn.Sequential(
            nn.Conv2d(3, 8, 3, stride=2), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 5)
        ).to(self.device).eval()

    @torch.no_grad()
    def predict(self, frames):
        batch = np.stack([preprocess(f) for f in frames])
        x = torch.from_numpy(batch).float().to(self.device)
        return self.model(x).softmax(-1).argmax(-1).tolist()


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    frames = [rng.integers(0, 256, size=(96, 128, 3), dtype=np.uint8) for _ in range(4)]
    print(Predictor().predict(frames))
