"""Frequency responses of simple IIR filters evaluated on the FFT grid."""
import numpy as np
import torch


def peaking_response(n_fft, sr, f0, gain_db, q=1.0):
    w0 = 2 * np.pi * f0 / sr
    a = 10 ** (gain_db / 40)
    alpha = np.sin(w0) / (2 * q)
    b = np.array([1 + alpha * a, -2 * np.cos(w0), 1 - alpha * a])
    den = np.array([1 + alpha / a, -2 * np.cos(w0), 1 - alpha / a])
    w = np.linspace(0, np.pi, n_fft // 2 + 1)
    z = np.exp(-1j * w)
    return (b[0] + b[1] * z + b[2] * z ** 2) / (den[0] + den[1] * z + den[2] * z ** 2)


def equalizer(n_fft, sr, bands):
    h = np.ones(n_fft // 2 + 1) + 0j
    for f0, gain in bands:
        h = h * peaking_response(n_fft, sr, f0, gain)
    return torch.from_numpy(h).to(torch.complex64)
