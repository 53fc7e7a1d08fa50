"""Multi-task regression whose per-task loss weights come from a JSON experiment file."""
import json
import os
import tempfile

import numpy as np
import torch
from torch import nn

EXPERIMENT = {
    "tasks": ["energy", "forces", "dipole"],
    "task_weights": [1, 10, 2],
    "hidden": 32,
    "lr": 0.001,
}


class MultiHead(nn.Module):
    def __init__(self, n_in, hidden, n_tasks):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(n_in, hidden), nn.GELU())
        self.heads = nn.ModuleList(nn.Linear(hidden, 1) for _ in range(n_tasks))

    def forward(self, x):
        h = self.trunk(x)
        return torch.cat([head(h) for head in self.heads], dim=1)


class Trainer:
    def __init__(self, cfg, device):
        self.device = device
        self.model = MultiHead(8, cfg["hidden"], len(cfg["tasks"])).to(device)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=cfg["lr"])
        weights = np.array(cfg["task_weights"]) / np.sum(cfg["task_weights"])
        self.task_weights = torch.from_numpy(weights).to(self.device)

    def step(self, x, y):
        per_task = ((self.model(x) - y) ** 2).mean(dim=0)
        loss = (per_task * self.task_weights).sum()
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()


def main():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "exp.json")
        with open(path, "w") as fh:
            json.dump(EXPERIMENT, fh)
        with open(path) as fh:
            cfg = json.load(fh)
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    trainer = Trainer(cfg, device)
    for _ in range(5):
        x = torch.randn(32, 8, device=device)
        y = torch.randn(32, 3, device=device)
        loss = trainer.step(x, y)
    print("loss", loss)


if __name__ == "__main__":
    main()
