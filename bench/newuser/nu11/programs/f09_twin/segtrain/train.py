import torch
import torch.nn as nn

from segtrain.config import load_config
from segtrain.losses import weighted_ce


def resolve_device(cfg):
    if cfg.device:
        return torch.device(cfg.device)
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def main():
    cfg = load_config()
    device = resolve_device(cfg)
    model = nn.Conv2d(3, cfg.num_classes, 1).to(device)
    criterion = weighted_ce(cfg, device)
    opt = torch.optim.SGD(model.parameters(), lr=cfg.lr)
    images = torch.randn(2, 3, 8, 8, device=device)
    masks = torch.randint(0, cfg.num_classes, (2, 8, 8), device=device)
    for step in range(2):
        loss = criterion(model(images), masks)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
