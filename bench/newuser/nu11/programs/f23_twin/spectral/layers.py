import torch
import torch.nn as nn

from spectral.dsp import lowpass_response


class FixedSpectralFilter(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.n = n
        self.response = lowpass_response(n)

    def forward(self, x):
        h = torch.from_numpy(self.response).to(x.device, torch.complex64)
        X = torch.fft.rfft(x, n=self.n)
        return torch.fft.irfft(X * h.to(X.dtype), n=self.n)


class Denoiser(nn.Module):
    def __init__(self, n=64):
        super().__init__()
        self.filt = FixedSpectralFilter(n)
        self.mix = nn.Linear(n, n)

    def forward(self, x):
        return self.mix(self.filt(x))
