"""Spectrogram augmentation for a bird-call dataset: SciPy window, torch STFT on the GPU."""
import numpy as np
import torch
from scipy.signal import get_window


class SpectrogramAugment:
    def __init__(self, n_fft=512, hop=128, window="blackmanharris", device="cpu"):
        self.n_fft, self.hop = n_fft, hop
        self.device = torch.device(device)
        self.window = torch.from_numpy(get_window(window, n_fft)).float().to(self.device)

    def __call__(self, wave, freq_mask=20):
        spec = torch.stft(wave, self.n_fft, self.hop, window=self.window.to(wave.dtype),
                          return_complex=True).abs()
        start = int(torch.randint(0, spec.shape[-2] - freq_mask, ()))
        spec[..., start:start + freq_mask, :] = 0
        return torch.log1p(spec)


def synth_chirps(n, sr=16000, seconds=1.0):
    t = torch.linspace(0, seconds, int(sr * seconds))
    f0 = torch.rand(n, 1) * 2000 + 1000
    return torch.sin(2 * torch.pi * (f0 + 1500 * t) * t)


if __name__ == "__main__":
    dev = "mps" if torch.backends.mps.is_available() else "cpu"
    augment = SpectrogramAugment(device=dev)
    waves = synth_chirps(4).to(dev)
    specs = augment(waves)
    print(specs.shape, specs.dtype)
