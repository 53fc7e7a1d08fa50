"""Image-quality report (PSNR, SSIM) for a denoiser's outputs, normalised as in the model's JSON config."""
import json
import os
import tempfile

import numpy as np
import torch
import torch.nn.functional as F

CONFIG = {"image_mean": [0.485, 0.456, 0.406], "image_std": [0.229, 0.224, 0.225], "ssim_window": 7, "device": "auto"}


def resolve_device(name):
    if name == "auto":
        return "mps" if torch.backends.mps.is_available() else "cpu"
    return name


def load_config(folder):
    path = os.path.join(folder, "preprocessor_config.json")
    with open(path, "w") as fh:
        json.dump(CONFIG, fh)
    with open(path) as fh:
        return json.load(fh)


def normalise(image_u8, cfg):
    mean = np.array(cfg["image_mean"])
    std = np.array(cfg["image_std"])
    return (image_u8 / 255.0 - mean) / std


def gaussian_kernel(size, sigma, like):
    coords = torch.arange(size, dtype=like.dtype, device=like.device) - size // 2
    g = torch.exp(-(coords ** 2) / (2 * sigma ** 2))
    g = g / g.sum()
    return (g[:, None] * g[None, :]).expand(like.shape[1], 1, size, size).contiguous()


def ssim(a, b, window):
    k = gaussian_kernel(window, 1.5, a)
    groups = a.shape[1]
    mu_a, mu_b = F.conv2d(a, k, groups=groups), F.conv2d(b, k, groups=groups)
    var_a = F.conv2d(a * a, k, groups=groups) - mu_a ** 2
    var_b = F.conv2d(b * b, k, groups=groups) - mu_b ** 2
    cov = F.conv2d(a * b, k, groups=groups) - mu_a * mu_b
    c1, c2 = 0.01 ** 2, 0.03 ** 2
    score = ((2 * mu_a * mu_b + c1) * (2 * cov + c2)) / ((mu_a ** 2 + mu_b ** 2 + c1) * (var_a + var_b + c2))
    return score.mean().item()


def main():
    rng = np.random.default_rng(1)
    clean = rng.integers(0, 256, (64, 64, 3), dtype=np.uint8)
    noisy = np.clip(clean + rng.normal(0, 12, clean.shape), 0, 255).astype(np.uint8)
    with tempfile.TemporaryDirectory() as tmp:
        cfg = load_config(tmp)
    device = resolve_device(cfg["device"])
    tensors = []
    for image in (clean, noisy):
        chw = normalise(image, cfg).transpose(2, 0, 1).copy()
        tensors.append(torch.from_numpy(chw)[None].to(device))
    a, b = tensors
    mse = F.mse_loss(a, b).item()
    print(f"MSE {mse:.4f}  SSIM {ssim(a, b, cfg['ssim_window']):.4f}")


if __name__ == "__main__":
    main()
