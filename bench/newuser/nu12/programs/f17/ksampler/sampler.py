import torch

from .schedule import KarrasSchedule


class EulerSampler:
    def __init__(self, model, schedule=None):
        self.model = model
        self.schedule = schedule or KarrasSchedule()
        self.sigmas = None

    def set_steps(self, steps):
        self.sigmas = torch.from_numpy(self.schedule.sigmas(steps))

    @torch.no_grad()
    def sample(self, noise):
        x = noise * self.sigmas[0].item()
        for i in range(len(self.sigmas) - 1):
            sigma = self.sigmas[i].to(x.device)
            sigma_next = self.sigmas[i + 1].to(x.device)
            denoised = self.model(x, sigma)
            d = (x - denoised) / sigma
            x = x + d * (sigma_next - sigma)
        return x
