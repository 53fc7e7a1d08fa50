import torch

from .schedules import cyclical_beta
from .vae import VAE, elbo_terms


class TrainConfig:
    steps = 40
    batch = 64
    lr = 1e-3

    def __init__(self):
        self.device = "mps" if torch.backends.mps.is_available() else "cpu"


def train(cfg):
    model = VAE().to(cfg.device)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    schedule = cyclical_beta(cfg.steps)
    for step in range(cfg.steps):
        x = torch.randn(cfg.batch, 20, device=cfg.device)
        rec, kl = elbo_terms(model, x)
        beta = torch.tensor(schedule[step], device=cfg.device)
        loss = rec + beta * kl
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


if __name__ == "__main__":
    print("final loss", train(TrainConfig()))
