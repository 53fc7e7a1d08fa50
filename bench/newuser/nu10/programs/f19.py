"""EDM-style Euler sampler with Karras sigmas, checked against an analytic Gaussian denoiser."""
import numpy as np
import torch


class KarrasEulerSampler:
    def __init__(self, num_steps=18, sigma_min=0.002, sigma_max=80.0, rho=7.0, device="cpu"):
        ramp = np.linspace(0, 1, num_steps)
        min_inv, max_inv = sigma_min ** (1 / rho), sigma_max ** (1 / rho)
        sigmas = (max_inv + ramp * (min_inv - max_inv)) ** rho
        # timesteps the network was trained on: log-sigma mapped to [0, 999]
        log_train = np.log(np.linspace(sigma_min, sigma_max, 1000))
        self.timesteps = np.interp(np.log(sigmas), log_train, np.arange(1000))
        self.sigmas = torch.from_numpy(np.append(sigmas, 0.0)).to(device=device)
        self.device = device

    @torch.no_grad()
    def sample(self, denoise, shape, generator=None):
        x = torch.randn(shape, generator=generator, device=self.device) * self.sigmas[0]
        for i in range(len(self.sigmas) - 1):
            sigma, sigma_next = self.sigmas[i], self.sigmas[i + 1]
            d = (x - denoise(x, sigma)) / sigma
            x = x + (sigma_next - sigma) * d
        return x


def gaussian_denoiser(data_std):
    def denoise(x, sigma):
        return x * data_std**2 / (data_std**2 + sigma**2)
    return denoise


if __name__ == "__main__":
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    sampler = KarrasEulerSampler(device=device)
    samples = sampler.sample(gaussian_denoiser(0.5), (4096, 2))
    print("timesteps", np.round(sampler.timesteps[:3], 1), "sample std", samples.std(0).cpu().numpy().round(3), "(target 0.5)")
