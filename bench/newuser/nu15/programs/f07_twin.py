"""Spectrogram augmentation for a speech dataset: SciPy window, torch.stft on the accelerator."""
import numpy as np
import torch
from scipy import signal

N_FFT = 512
HOP = 128


def accelerator():
    for name in ("cuda", "mps"):
        backend = getattr(torch.backends, name, None) if name == "mps" else torch.cuda
        if backend is not None and backend.is_available():
            return torch.device(name)
    return torch.device("cpu")


def make_window(kind="hann"):
    return torch.from_numpy(signal.get_window(kind, N_FFT, fftbins=True)).float()


def spec_augment(spec, max_freq_mask=20, max_time_mask=30):
    spec = spec.clone()
    f = int(torch.randint(0, max_freq_mask, (1,)))
    f0 = int(torch.randint(0, spec.shape[-2] - f, (1,)))
    spec[..., f0:f0 + f, :] = 0
    t = int(torch.randint(0, max_time_mask, (1,)))
    t0 = int(torch.randint(0, spec.shape[-1] - t, (1,)))
    spec[..., :, t0:t0 + t] = 0
    return spec


def main():
    device = accelerator()
    window = make_window().to(device)
    rng = np.random.default_rng(0)
    clips = [rng.standard_normal(16000).astype(np.float32) for _ in range(4)]
    batch = torch.stack([torch.from_numpy(c) for c in clips]).to(device)
    spec = torch.stft(batch, N_FFT, HOP, window=window, return_complex=True).abs()
    spec = spec_augment(torch.log1p(spec)).float()
    print(spec.shape, spec.dtype, float(spec.mean()))


if __name__ == "__main__":
    main()
