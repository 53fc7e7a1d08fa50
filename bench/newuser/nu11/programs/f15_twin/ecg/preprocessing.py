"""Band-pass filtering and beat segmentation for single-lead ECG."""
import numpy as np
from scipy import signal


def synth_ecg(fs=250, seconds=4, seed=0):
    rng = np.random.default_rng(seed)
    t = np.arange(fs * seconds) / fs
    beats = np.exp(-((t % 0.8) - 0.4) ** 2 / 0.0005)
    wander = 0.3 * np.sin(2 * np.pi * 0.3 * t)
    return (beats + wander + 0.02 * rng.standard_normal(t.size)).astype(np.float32)


def bandpass(x, fs=250, lo=0.5, hi=40.0, order=3):
    b, a = signal.butter(order, [lo, hi], btype="band", fs=fs)
    return signal.filtfilt(b, a, x)


def segment(x, fs=250, width=0.6):
    peaks, _ = signal.find_peaks(x, distance=int(0.5 * fs))
    half = int(width * fs / 2)
    return np.stack([x[p - half:p + half] for p in peaks if half <= p < len(x) - half])
