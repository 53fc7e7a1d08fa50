"""Reverb augmentation: a synthetic room impulse response applied by FFT convolution."""
import numpy as np
import torch


def synthetic_rir(sr=16000, rt60=0.3, length_s=0.25, seed=0):
    rng = np.random.default_rng(seed)
    t = np.arange(int(sr * length_s)) / sr
    decay = np.exp(-6.9 * t / rt60)
    rir = rng.standard_normal(t.shape) * decay
    rir[0] = 1.0
    return rir / np.abs(rir).max()


class FFTReverb:
    def __init__(self, rir, n_samples, device):
        self.n_fft = 1 << int(np.ceil(np.log2(n_samples + len(rir) - 1)))
        self.n_samples = n_samples
        response = np.fft.rfft(rir, self.n_fft).astype(np.complex64)
        self.response = torch.from_numpy(response).to(device)

    def __call__(self, audio):
        spec = torch.fft.rfft(audio, n=self.n_fft)
        wet = torch.fft.irfft(spec * self.response, n=self.n_fft)[..., : self.n_samples]
        return (wet / wet.abs().amax(dim=-1, keepdim=True)).float()


if __name__ == "__main__":
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    audio = torch.randn(2, 16000, device=device)
    reverb = FFTReverb(synthetic_rir(), audio.shape[-1], device)
    print(reverb(audio).shape)
