"""Framing and windowing for a keyword-spotting front end."""
import numpy as np
from scipy import signal


def analysis_window(n_fft):
    return signal.get_window("hann", n_fft)


def synth_clip(sr=8000, seconds=0.25, freq=440.0, seed=0):
    rng = np.random.default_rng(seed)
    t = np.arange(int(sr * seconds)) / sr
    clip = 0.5 * np.sin(2 * np.pi * freq * t) + 0.05 * rng.standard_normal(t.shape)
    return clip.astype(np.float32)
