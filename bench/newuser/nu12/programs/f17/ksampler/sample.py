from dataclasses import dataclass, field

import torch

from .denoiser import ToyDenoiser
from .sampler import EulerSampler


def _default_device():
    return "mps" if torch.backends.mps.is_available() else "cpu"


@dataclass
class SampleConfig:
    steps: int = 20
    n: int = 128
    seed: int = 0
    device: str = field(default_factory=_default_device)


def main(cfg=None):
    cfg = cfg or SampleConfig()
    torch.manual_seed(cfg.seed)
    model = ToyDenoiser().to(cfg.device).eval()
    sampler = EulerSampler(model)
    sampler.set_steps(cfg.steps)
    samples = sampler.sample(torch.randn(cfg.n, 2, device=cfg.device))
    print("sample spread", samples.std(0).cpu().tolist())


if __name__ == "__main__":
    main()
