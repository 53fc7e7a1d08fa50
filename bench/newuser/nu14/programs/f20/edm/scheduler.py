import numpy as np
import torch

from .schedules import karras_sigmas, sigma_to_t, training_sigmas


class EulerKarrasScheduler:
    def __init__(self, num_train_steps=1000):
        self.train_sigmas = training_sigmas(num_train_steps)
        self.sigmas = None
        self.timesteps = None

    def set_timesteps(self, num_inference_steps, device=None):
        sigmas = karras_sigmas(self.train_sigmas.min(), self.train_sigmas.max(), num_inference_steps)
        timesteps = sigma_to_t(sigmas, self.train_sigmas)
        sigmas = np.concatenate([sigmas, [0.0]])
        self.sigmas = torch.from_numpy(sigmas).to(device=device)
        self.timesteps = torch.from_numpy(timesteps.round().astype(np.int64)).to(device=device)

    def init_noise_sigma(self):
        return float(self.sigmas[0])

    def step(self, denoised, i, sample):
        sigma, sigma_next = self.sigmas[i], self.sigmas[i + 1]
        derivative = (sample - denoised) / sigma
        return (sample + derivative * (sigma_next - sigma)).to(sample.dtype)
