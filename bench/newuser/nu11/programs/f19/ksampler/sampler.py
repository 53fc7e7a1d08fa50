import torch

from ksampler.schedules import karras_sigmas


class EulerSampler:
    def __init__(self, denoiser, steps, device):
        self.denoiser = denoiser
        self.device = device
        self.sigmas = torch.from_numpy(karras_sigmas(steps)).to(device)

    @torch.no_grad()
    def sample(self, shape, generator=None):
        x = torch.randn(shape, generator=generator).to(self.device) * self.sigmas[0].float()
        for i in range(len(self.sigmas) - 1):
            sigma, sigma_next = self.sigmas[i].float(), self.sigmas[i + 1].float()
            denoised = self.denoiser(x, sigma)
            d = (x - denoised) / sigma
            x = x + d * (sigma_next - sigma)
        return x
