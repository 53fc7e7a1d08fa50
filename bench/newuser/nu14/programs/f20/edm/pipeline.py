import torch
import torch.nn as nn

from .scheduler import EulerKarrasScheduler


class ToyDenoiser(nn.Module):
    def __init__(self, channels=3):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(channels, 16, 3, padding=1), nn.SiLU(),
                                 nn.Conv2d(16, channels, 3, padding=1))

    def forward(self, x, t):
        return x - 0.1 * self.net(x)


@torch.no_grad()
def generate(model, scheduler, shape, steps, device):
    scheduler.set_timesteps(steps, device=device)
    sample = torch.randn(shape, device=device) * scheduler.init_noise_sigma()
    for i, t in enumerate(scheduler.timesteps):
        sample = scheduler.step(model(sample, t), i, sample)
    return sample


if __name__ == "__main__":
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    model = ToyDenoiser().to(device).eval()
    images = generate(model, EulerKarrasScheduler(), (2, 3, 16, 16), steps=10, device=device)
    print(images.shape, images.dtype)
