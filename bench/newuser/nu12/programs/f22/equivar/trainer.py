import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                                  nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1))
        self.head = nn.Linear(32, 2)

    def forward(self, x):
        return self.head(self.conv(x).flatten(1))


class ConsistencyTrainer:
    def __init__(self, dataset, device):
        self.device = device
        self.loader = DataLoader(dataset, batch_size=32, shuffle=True)
        self.model = Encoder().to(device)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=1e-3)

    def _warp(self, images, theta):
        grid = F.affine_grid(theta, list(images.shape), align_corners=False).to(images.dtype)
        return F.grid_sample(images, grid, align_corners=False)

    def _step(self, batch):
        images = batch["image"].to(self.device)
        theta = batch["theta"].to(self.device)
        labels = batch["label"].to(self.device)
        logits = self.model(images)
        warped_logits = self.model(self._warp(images, theta))
        loss = F.cross_entropy(logits, labels) + F.mse_loss(warped_logits.softmax(1), logits.softmax(1).detach())
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()

    def epoch(self):
        return sum(self._step(batch) for batch in self.loader) / len(self.loader)
