import torch

from kdiff.euler import EulerSampler

DATA_MEAN, DATA_STD = 2.0, 0.5


def gaussian_denoiser(x, sigma):
    """Exact denoiser for N(mean, std^2) data."""
    var = DATA_STD ** 2
    return (var * x + sigma ** 2 * DATA_MEAN) / (var + sigma ** 2)


def pick_device():
    return torch.device("mps") if torch.backends.mps.is_available() else torch.device("cpu")


if __name__ == "__main__":
    sampler = EulerSampler(num_steps=30).prepare(pick_device())
    samples = sampler.sample(gaussian_denoiser, (4096,), generator=torch.Generator().manual_seed(0))
    print(f"mean {samples.mean().item():.3f} std {samples.std().item():.3f}")
