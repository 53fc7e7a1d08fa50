"""Frequency-domain helpers built with NumPy."""
import numpy as np


def lowpass_response(n, cutoff=0.25):
    freqs = np.fft.rfftfreq(n)
    gain = 1.0 / (1.0 + (freqs / cutoff) ** 4)
    phase = np.exp(-1j * np.pi * freqs)
    return gain * phase
