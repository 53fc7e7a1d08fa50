"""Mel filterbank and window, written out in NumPy (no librosa on the training box)."""
import numpy as np


def hz_to_mel(f):
    return 2595.0 * np.log10(1.0 + f / 700.0)


def mel_to_hz(m):
    return 700.0 * (10.0 ** (m / 2595.0) - 1.0)


def mel_filterbank(sample_rate, n_fft, n_mels, fmin=20.0, fmax=None):
    fmax = fmax or sample_rate / 2
    n_freqs = n_fft // 2 + 1
    fft_freqs = np.linspace(0, sample_rate / 2, n_freqs)
    mel_points = np.linspace(hz_to_mel(fmin), hz_to_mel(fmax), n_mels + 2)
    hz_points = mel_to_hz(mel_points)
    bank = np.zeros((n_mels, n_freqs))
    for m in range(1, n_mels + 1):
        left, center, right = hz_points[m - 1], hz_points[m], hz_points[m + 1]
        up = (fft_freqs - left) / (center - left)
        down = (right - fft_freqs) / (right - center)
        bank[m - 1] = np.maximum(0, np.minimum(up, down))
    enorm = 2.0 / (hz_points[2:n_mels + 2] - hz_points[:n_mels])
    return bank * enorm[:, None]
