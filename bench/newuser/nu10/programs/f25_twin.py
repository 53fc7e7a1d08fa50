"""Spectral-gating noise reduction: SciPy STFT, gating on the accelerator, inverse STFT."""
import numpy as np
import torch
from scipy import signal

SR = 16000


def noisy_chirp(seconds=2.0, seed=0):
    t = np.arange(int(SR * seconds)) / SR
    clean = 0.5 * signal.chirp(t, f0=300, f1=3000, t1=seconds)
    return clean, clean + 0.2 * np.random.default_rng(seed).standard_normal(t.size)


def spectral_gate(spec, noise_frames=10, n_std=1.5, device="cpu"):
    Z = torch.from_numpy(spec.astype(np.complex64)).to(device)
    mag = Z.abs()
    noise = mag[:, :noise_frames]
    threshold = noise.mean(dim=1, keepdim=True) + n_std * noise.std(dim=1, keepdim=True)
    mask = torch.sigmoid((mag - threshold) * 20.0)
    mask = torch.nn.functional.avg_pool1d(mask[None], 5, stride=1, padding=2)[0]
    return (Z * mask).cpu().numpy()


def snr_db(clean, est):
    return 10 * np.log10(np.sum(clean**2) / np.sum((clean - est) ** 2))


if __name__ == "__main__":
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    clean, noisy = noisy_chirp()
    noisy[: SR // 10] = 0.2 * np.random.default_rng(1).standard_normal(SR // 10)  # noise-only lead-in
    clean[: SR // 10] = 0.0
    _, _, Zxx = signal.stft(noisy, fs=SR, nperseg=512)
    _, denoised = signal.istft(spectral_gate(Zxx, device=device), fs=SR, nperseg=512)
    denoised = denoised[: len(clean)]
    print(f"SNR before {snr_db(clean, noisy):.1f} dB, after {snr_db(clean, denoised):.1f} dB")
