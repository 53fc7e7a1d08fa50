"""Fractional-delay alignment of multichannel audio in the frequency domain."""
import json

import numpy as np
import torch


def delay_response(n_samples, delays, sr):
    freqs = np.fft.rfftfreq(n_samples, d=1.0 / sr)
    return np.exp(-2j * np.pi * freqs[None, :] * np.asarray(delays)[:, None])


class Aligner:
    def __init__(self, delays, n_samples, sr=16000):
        self.n = n_samples
        self.response = delay_response(n_samples, delays, sr)

    def __call__(self, x):
        spec = torch.fft.rfft(x, n=self.n)
        H = torch.from_numpy(self.response).to(x.device, torch.complex64)
        return torch.fft.irfft(spec * H, n=self.n).to(x.dtype)


def main():
    torch.manual_seed(0)
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    sr, n = 16000, 512
    t = torch.arange(n, device=device) / sr
    x = torch.stack([torch.sin(2 * torch.pi * 440 * (t - d)) for d in (0.0, 2.5e-4, 5e-4)])
    aligned = Aligner([0.0, -2.5e-4, -5e-4], n, sr)(x)
    spread = (aligned[1:, 64:-64] - aligned[0, 64:-64]).abs().max()
    print("RESULT " + json.dumps({"spread": spread.item(), "energy": aligned.pow(2).mean().item()}))


if __name__ == "__main__":
    main()
