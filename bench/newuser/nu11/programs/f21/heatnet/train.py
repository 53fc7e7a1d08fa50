import torch

from heatnet.model import HeatSurrogate, initial_condition
from heatnet.setup_env import configure


def get_device():
    if torch.cuda.is_available():
        return "cuda"
    if torch.backends.mps.is_available():
        return "mps"
    return "cpu"


def fd_step(u, alpha=0.1):
    lap = torch.zeros_like(u)
    lap[:, 1:-1] = u[:, 2:] - 2 * u[:, 1:-1] + u[:, :-2]
    return u + alpha * lap


def main():
    configure()
    device = get_device()
    u0 = initial_condition(16, device)
    model = HeatSurrogate().to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(2):
        loss = (model(u0) - fd_step(u0)).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.6f}")


if __name__ == "__main__":
    main()
