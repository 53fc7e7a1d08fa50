"""Find anomalous heartbeats: band-pass filter an ECG-like trace, then nearest-neighbour distances."""
import numpy as np
import torch
from scipy import signal

FS = 250  # Hz


def synthetic_ecg(seconds=60, seed=1):
    rng = np.random.default_rng(seed)
    t = np.arange(seconds * FS) / FS
    beats = np.sin(2 * np.pi * 1.2 * t) ** 63  # sharp peaks about 72 bpm
    drift = 0.5 * np.sin(2 * np.pi * 0.1 * t)
    x = beats + drift + 0.05 * rng.standard_normal(t.size)
    x[30 * FS: 30 * FS + 100] += 0.8  # an artefact
    return x


def bandpass(x, lo=0.5, hi=40.0, order=4):
    sos = signal.butter(order, [lo, hi], btype="bandpass", fs=FS, output="sos")
    return signal.sosfiltfilt(sos, x)


def windows(x, size, step):
    idx = np.arange(0, len(x) - size, step)
    return np.stack([x[i:i + size] for i in idx]), idx


def knn_anomaly_scores(w, k=3, device="cpu"):
    w = torch.as_tensor(w, device=device)
    w = (w - w.mean(dim=1, keepdim=True)) / (w.std(dim=1, keepdim=True) + 1e-8)
    d = torch.cdist(w, w)
    d.fill_diagonal_(float("inf"))
    return d.topk(k, largest=False).values.mean(dim=1).cpu().numpy()


if __name__ == "__main__":
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    ecg = bandpass(synthetic_ecg())
    w, starts = windows(ecg, size=FS, step=FS // 4)
    scores = knn_anomaly_scores(w, device=device)
    worst = starts[np.argsort(scores)[-3:]] / FS
    print("most anomalous windows start at (s):", np.round(worst, 2))
