import math

import torch


class AngularSpectrum:
    def __init__(self, n, dx, wavelength, device):
        self.device = device
        fx = torch.fft.fftfreq(n, d=dx, device=device)
        fyy, fxx = torch.meshgrid(fx, fx, indexing="ij")
        arg = (1 / wavelength) ** 2 - fxx ** 2 - fyy ** 2
        self.kz = 2 * math.pi * torch.sqrt(arg.clamp(min=0))

    def __call__(self, field, distance):
        field = field.to(self.device)
        transfer = torch.polar(torch.ones_like(self.kz), self.kz * distance)
        return torch.fft.ifft2(torch.fft.fft2(field) * transfer.to(field.dtype))
