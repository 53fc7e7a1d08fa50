"""HTK mel filterbank, as in librosa, in NumPy."""
import numpy as np


def hz_to_mel(f):
    return 2595.0 * np.log10(1.0 + f / 700.0)


def mel_to_hz(m):
    return 700.0 * (10 ** (m / 2595.0) - 1.0)


def mel_filterbank(sr, n_fft, n_mels, fmin=0.0, fmax=None):
    fmax = fmax or sr / 2
    fft_freqs = np.linspace(0, sr / 2, n_fft // 2 + 1)
    mel_points = np.linspace(hz_to_mel(fmin), hz_to_mel(fmax), n_mels + 2)
    hz_points = mel_to_hz(mel_points)
    weights = np.zeros((n_mels, len(fft_freqs)))
    for i in range(n_mels):
        lower = (fft_freqs - hz_points[i]) / (hz_points[i + 1] - hz_points[i])
        upper = (hz_points[i + 2] - fft_freqs) / (hz_points[i + 2] - hz_points[i + 1])
        weights[i] = np.maximum(0, np.minimum(lower, upper))
    enorm = 2.0 / (hz_points[2:n_mels + 2] - hz_points[:n_mels])
    return weights * enorm[:, None]
