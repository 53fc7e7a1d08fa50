"""Ancestral DDPM sampler."""
import torch


class DDPMSampler:
    def __init__(self, betas, device):
        alphas = 1.0 - betas
        alphas_bar = alphas.cumprod()
        self.timesteps = len(betas)
        self.betas = torch.tensor(betas, dtype=torch.float32, device=device)
        self.alphas = torch.tensor(alphas, dtype=torch.float32, device=device)
        self.alphas_bar = torch.tensor(alphas_bar, dtype=torch.float32, device=device)

    @torch.no_grad()
    def sample(self, model, shape, generator=None):
        x = torch.randn(shape, device=self.betas.device)
        for t in reversed(range(self.timesteps)):
            tt = torch.full((shape[0],), t, device=x.device, dtype=torch.long)
            eps = model(x, tt)
            a, ab, b = self.alphas[t], self.alphas_bar[t], self.betas[t]
            mean = (x - b / (1 - ab).sqrt() * eps) / a.sqrt()
            x = (mean + b.sqrt() * torch.randn_like(x) * (t > 0)).float()
        return x
