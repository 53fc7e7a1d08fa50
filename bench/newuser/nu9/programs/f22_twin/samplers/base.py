import numpy as np
import torch


class BaseScheduler:
    """Holds the timesteps and noise levels of a sampler; subclasses choose the sigmas."""

    num_train_timesteps = 1000

    def __init__(self, sigma_min=0.002, sigma_max=80.0):
        self.sigma_min, self.sigma_max = sigma_min, sigma_max
        self.sigmas = None

    def _compute_sigmas(self, timesteps):
        raise NotImplementedError

    def set_timesteps(self, num_inference_steps, device="cpu"):
        timesteps = np.linspace(0, self.num_train_timesteps - 1, num_inference_steps)[::-1].copy()
        sigmas = self._compute_sigmas(timesteps)
        sigmas = np.concatenate([sigmas, [0.0]])
        self.sigmas = torch.from_numpy(sigmas).to(device=device, dtype=torch.float32)
        self.timesteps = torch.from_numpy(timesteps.astype(np.int64)).to(device=device)

    def step(self, denoised, i, sample):
        sigma, sigma_next = self.sigmas[i], self.sigmas[i + 1]
        d = (sample - denoised) / sigma
        return sample + d * (sigma_next - sigma)
