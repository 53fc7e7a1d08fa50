import json

import torch

from .karras import KarrasScheduler


def default_device():
    if torch.cuda.is_available():
        return "cuda"
    return "mps" if torch.backends.mps.is_available() else "cpu"


def toy_denoiser(x, sigma):
    return x / (1.0 + sigma ** 2)


def main():
    torch.manual_seed(0)
    device = default_device()
    sched = KarrasScheduler()
    sched.set_timesteps(12, device=device)
    x = torch.randn(2, 4, device=device) * sched.sigmas[0].item()
    for i in range(len(sched.timesteps)):
        x = sched.step(toy_denoiser(x, sched.sigmas[i].item()), i, x)
    print("RESULT " + json.dumps({"norm": x.norm().item()}))


if __name__ == "__main__":
    main()
