"""Batch image preprocessing: ImageNet normalisation, then Sobel edges on the accelerator."""
import os
import tempfile

import numpy as np
import torch
import torch.nn.functional as F

IMAGENET_MEAN = [0.485, 0.456, 0.406]
IMAGENET_STD = [0.229, 0.224, 0.225]


def fake_image_folder(root, n=6, size=48, seed=0):
    rng = np.random.default_rng(seed)
    paths = []
    for i in range(n):
        img = rng.integers(0, 256, size=(size, size, 3), dtype=np.uint8)
        path = os.path.join(root, f"img_{i:03d}.npy")
        np.save(path, img)
        paths.append(path)
    return paths


def preprocess(img_uint8):
    img = img_uint8 / 255.0
    img = (img - np.array(IMAGENET_MEAN)) / np.array(IMAGENET_STD)
    return torch.from_numpy(np.ascontiguousarray(img.transpose(2, 0, 1), dtype=np.float32))


def sobel_magnitude(batch):
    kx = torch.tensor([[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]], dtype=batch.dtype, device=batch.device)
    kernel = torch.stack([kx, kx.T])[:, None].repeat(3, 1, 1, 1)
    grads = F.conv2d(batch, kernel, padding=1, groups=3)
    gx, gy = grads[:, 0::2], grads[:, 1::2]
    return torch.sqrt(gx ** 2 + gy ** 2).mean(dim=1)


if __name__ == "__main__":
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    with tempfile.TemporaryDirectory() as root:
        paths = fake_image_folder(root)
        batch = torch.stack([preprocess(np.load(p)) for p in paths])
        batch = batch.to(device, non_blocking=True)
        edges = sobel_magnitude(batch)
        print(edges.shape, float(edges.mean()))
