import torch

from kdiff.base import SamplerBase


class EulerSampler(SamplerBase):
    def prepare(self, device):
        self.sigmas_t = torch.from_numpy(self.sigmas).to(device, dtype=torch.float32)
        return self

    def step(self, x, denoised, i):
        sigma, sigma_next = self.sigmas_t[i], self.sigmas_t[i + 1]
        d = (x - denoised) / sigma
        return x + d * (sigma_next - sigma)

    @torch.no_grad()
    def sample(self, denoiser, shape, generator=None):
        x = torch.randn(shape, generator=generator).to(self.sigmas_t.device) * self.sigmas_t[0]
        for i in range(self.num_steps):
            x = self.step(x, denoiser(x, self.sigmas_t[i]), i)
        return x.float()
