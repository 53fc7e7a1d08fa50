import torch

from nbody.config import SimConfig
from nbody.sim import Integrator


def device_from_env():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def main():
    cfg = SimConfig()
    device = device_from_env()
    pos, vel = cfg.initial_state()
    pos, vel = torch.from_numpy(pos).to(device), torch.from_numpy(vel).to(device)
    integ = Integrator(cfg, device)
    for _ in range(2):
        pos, vel = integ.step(pos, vel)
    print("centre of mass", pos.mean(0).cpu().numpy().round(4))


if __name__ == "__main__":
    main()
