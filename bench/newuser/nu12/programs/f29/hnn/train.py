import torch

from . import settings
from .data import pendulum_samples
from .models import build_model


def main():
    device = settings.runtime_device()
    model = build_model()
    model.to(device)
    dtype = next(model.parameters()).dtype
    state, target = pendulum_samples(512, torch.Generator().manual_seed(0))
    state, target = state.to(device, dtype), target.to(device, dtype)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for _ in range(settings.STEPS):
        loss = (model(state.clone()) - target).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(f"derivative mse {loss.item():.5f} ({dtype})")


if __name__ == "__main__":
    main()
