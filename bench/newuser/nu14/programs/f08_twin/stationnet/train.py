import torch

from .config import ExperimentConfig, write_default
from .model import StationMixture
from .utils import get_device, normalize_prior


def run(cfg):
    device = get_device()
    prior = normalize_prior(cfg.station_prior)
    model = StationMixture(prior, hidden=cfg.hidden)
    model = model.to(device)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for _ in range(cfg.steps):
        x = torch.randn(32, 5, device=device)
        y = x[:, 0] - 0.5 * x[:, 3]
        loss = torch.mean((model(x) - y) ** 2)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


if __name__ == "__main__":
    print("loss", run(ExperimentConfig.from_json(write_default())))
