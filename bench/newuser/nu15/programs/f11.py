"""Batch inference of a small CNN classifier on images decoded to uint8 arrays."""
import numpy as np
import torch
import torch.nn as nn

IMAGENET_MEAN = np.array([0.485, 0.456, 0.406])
IMAGENET_STD = np.array([0.229, 0.224, 0.225])


def device_for_inference(prefer_gpu=True):
    if prefer_gpu and torch.cuda.is_available():
        return "cuda"
    if prefer_gpu and torch.backends.mps.is_available():
        return "mps"
    return "cpu"


def decode_fake_jpegs(n, size=64, seed=0):
    rng = np.random.default_rng(seed)
    return [rng.integers(0, 256, size=(size, size, 3), dtype=np.uint8) for _ in range(n)]


def preprocess(img):
    img = img / 255.0
    img = (img - IMAGENET_MEAN) / IMAGENET_STD
    return img.transpose(2, 0, 1)


class SmallCNN(nn.Module):
    def __init__(self, n_classes=5):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        )
        self.fc = nn.Linear(32, n_classes)

    def forward(self, x):
        return self.fc(self.features(x).flatten(1))


@torch.no_grad()
def predict(model, images, device):
    batch = np.stack([preprocess(im) for im in images])
    x = torch.from_numpy(batch).to(device, non_blocking=True)
    probs = model(x.float()).softmax(-1)
    return probs.argmax(-1).tolist()


if __name__ == "__main__":
    device = device_for_inference()
    model = SmallCNN().to(device).eval()
    print(predict(model, decode_fake_jpegs(6), device))
