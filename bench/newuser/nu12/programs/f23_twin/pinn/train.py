import math

import torch

from .config import PINNConfig
from .model import MLP
from .physics import boundary_loss, residual


def main(cfg=None):
    cfg = cfg or PINNConfig()
    torch.manual_seed(0)
    model = MLP(cfg.hidden, cfg.layers).to(device=cfg.device, dtype=cfg.dtype)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for it in range(cfg.iterations):
        x = torch.rand(cfg.collocation, 1, device=cfg.device, dtype=cfg.dtype)
        loss = residual(model, x).pow(2).mean() + 10 * boundary_loss(model, x)
        opt.zero_grad()
        loss.backward()
        opt.step()
    probe = torch.tensor([[0.5]], device=cfg.device, dtype=cfg.dtype)
    print(f"loss {loss.item():.4f}  u(0.5)={model(probe).item():.4f} (exact {math.sin(math.pi / 2):.4f})")


if __name__ == "__main__":
    main()
