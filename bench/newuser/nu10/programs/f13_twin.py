"""Run a small image-enhancement network and save before/after previews."""
import os
import tempfile

import numpy as np
import torch
import torch.nn as nn


class Preview:
    MEAN = np.array([0.485, 0.456, 0.406], dtype=np.float32)
    STD = np.array([0.229, 0.224, 0.225], dtype=np.float32)

    def __init__(self, out_dir):
        self.out_dir = out_dir

    def denormalize(self, x):
        mean = torch.tensor(self.MEAN, device=x.device).view(1, 3, 1, 1)
        std = torch.tensor(self.STD, device=x.device).view(1, 3, 1, 1)
        return (x * std + mean).clamp(0, 1)

    def save(self, name, x):
        img = (self.denormalize(x)[0] * 255).round().byte().permute(1, 2, 0).cpu().numpy()
        path = os.path.join(self.out_dir, f"{name}.npy")
        np.save(path, img)
        return path


class Enhancer(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, ch, 3, padding=1), nn.ReLU(), nn.Conv2d(ch, 3, 3, padding=1))

    def forward(self, x):
        return x + 0.1 * self.body(x)


if __name__ == "__main__":
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    model = Enhancer().to(device).eval()
    raw = torch.rand(1, 3, 64, 64, device=device)
    norm = (raw - torch.tensor([0.485, 0.456, 0.406], device=device).view(1, 3, 1, 1)) / torch.tensor(
        [0.229, 0.224, 0.225], device=device
    ).view(1, 3, 1, 1)
    preview = Preview(tempfile.mkdtemp())
    with torch.no_grad():
        out = model(norm)
    print(preview.save("input", norm), preview.save("enhanced", out))
