"""Sample a few images from an (untrained) tiny UNet."""
import argparse

import torch

from cosdiff.net import TinyUNet
from cosdiff.sampler import DDPMSampler
from cosdiff.schedules import SCHEDULES


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--schedule", default="cosine", choices=sorted(SCHEDULES))
    parser.add_argument("--steps", type=int, default=50)
    args = parser.parse_args()
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    betas = SCHEDULES[args.schedule](args.steps)
    sampler = DDPMSampler(betas, device)
    model = TinyUNet(timesteps=args.steps).to(device).eval()
    images = sampler.sample(model, (2, 1, 16, 16))
    print(images.shape, images.dtype)


if __name__ == "__main__":
    main()
