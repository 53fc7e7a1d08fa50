"""Run a small CNN over a batch of uint8 images with ImageNet normalisation."""
import numpy as np
import torch
import torch.nn as nn

IMAGENET_MEAN = np.array([0.485, 0.456, 0.406], dtype=np.float32)
IMAGENET_STD = np.array([0.229, 0.224, 0.225], dtype=np.float32)


def select_device():
    if torch.cuda.is_available():
        return "cuda"
    if torch.backends.mps.is_available():
        return "mps"
    return "cpu"


class Preprocess:
    def __init__(self, device):
        self.mean = torch.from_numpy(IMAGENET_MEAN).view(1, 3, 1, 1).to(device)
        self.std = torch.from_numpy(IMAGENET_STD).view(1, 3, 1, 1).to(device)

    def __call__(self, images_u8):
        x = images_u8.float() / 255.0
        return ((x - self.mean) / self.std).float()


def main():
    device = select_device()
    model = nn.Sequential(nn.Conv2d(3, 4, 3), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(4, 10))
    model = model.to(device).eval()
    pre = Preprocess(device)
    images = torch.randint(0, 256, (2, 3, 16, 16), dtype=torch.uint8, device=device)
    with torch.no_grad():
        logits = model(pre(images))
    print("predicted classes", logits.argmax(-1).tolist())


if __name__ == "__main__":
    main()
