"""Band-pass filter raw sensor recordings and stream fixed-size windows to a 1-D CNN."""
import json

import numpy as np
import torch
import torch.nn as nn
from scipy import signal

FS = 250.0


def synth_recording(n_samples, seed):
    rng = np.random.default_rng(seed)
    t = np.arange(n_samples) / FS
    raw = np.sin(2 * np.pi * 10 * t) + 0.5 * rng.standard_normal(n_samples)
    return raw.astype(np.float32)


def bandpass(x, low=1.0, high=40.0, order=4):
    sos = signal.butter(order, [low, high], btype="bandpass", fs=FS, output="sos")
    return signal.sosfiltfilt(sos, x)


def windows(recordings, size=128, hop=64):
    for rec in recordings:
        clean = bandpass(rec)
        for start in range(0, len(clean) - size + 1, hop):
            yield torch.from_numpy(clean[start:start + size].copy())


def main():
    torch.manual_seed(0)
    device = torch.device("mps") if torch.backends.mps.is_available() else torch.device("cpu")
    net = nn.Sequential(nn.Conv1d(1, 4, 9), nn.ReLU(), nn.AdaptiveAvgPool1d(1), nn.Flatten()).to(device)
    recordings = [synth_recording(1000, s) for s in range(3)]
    energies = []
    for w in windows(recordings):
        w = w.to(device)
        feats = net(w.view(1, 1, -1).to(torch.float32))
        energies.append(feats.pow(2).sum().item())
    print("RESULT " + json.dumps({"energy": float(np.mean(energies)), "n": len(energies)}))


if __name__ == "__main__":
    main()
