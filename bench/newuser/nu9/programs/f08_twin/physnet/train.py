import json

import torch

from .config import TrainConfig
from .model import HarmonicNet


def main():
    cfg = TrainConfig.from_json('{"steps": 60, "lr": 0.05}')
    device = cfg.torch_device
    model = HarmonicNet(cfg).to(device)
    t = torch.linspace(0, 6, 100, device=device, dtype=cfg.torch_dtype)
    target = torch.sin(2.0 * t + 0.3)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for _ in range(cfg.steps):
        loss = ((model(t) - target) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("RESULT " + json.dumps({"loss": loss.item(), "omega": model.omega.item()}))


if __name__ == "__main__":
    main()
