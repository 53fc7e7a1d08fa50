"""Training with Gaussian input-noise augmentation drawn by NumPy."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


class NoiseAugment:
    def __init__(self, sigma=0.1, seed=0):
        self.sigma = sigma
        self.rng = np.random.default_rng(seed)

    def sample(self, shape):
        return self.rng.normal(0.0, self.sigma, size=shape)


def main():
    device = get_device()
    model = nn.Sequential(nn.Flatten(), nn.Linear(64, 32), nn.ReLU(), nn.Linear(32, 10)).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    aug = NoiseAugment()
    images = torch.rand(16, 1, 8, 8)
    labels = torch.randint(0, 10, (16,))
    for step in range(2):
        x, y = images.to(device), labels.to(device)
        noise = torch.from_numpy(aug.sample(tuple(x.shape))).to(device)
        x = (x + noise).clamp(0, 1).float()
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
