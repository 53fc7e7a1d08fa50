"""Vibration monitoring: spectral features of accelerometer windows, anomaly score on the device."""
import numpy as np
import torch


def simulate_accelerometer(n_windows=8, length=512, fs=1000.0, seed=0):
    rng = np.random.default_rng(seed)
    t = np.arange(length) / fs
    windows = []
    for k in range(n_windows):
        f0 = 50 + 5 * k
        windows.append(np.sin(2 * np.pi * f0 * t) + 0.2 * rng.standard_normal(length))
    return np.stack(windows)


def spectra(windows):
    taper = np.hanning(windows.shape[1])
    return np.fft.rfft(windows * taper, axis=1).astype(np.complex64)


class SpectralAnomalyScorer:
    def __init__(self, device):
        self.device = device
        self.reference = None

    def fit(self, spec):
        mag = spec.abs()
        self.reference = mag.mean(0, keepdim=True).float()

    def score(self, spec):
        mag = spec.abs().float()
        return ((mag - self.reference) ** 2).mean(dim=1)


def main():
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    spec = torch.from_numpy(spectra(simulate_accelerometer())).to(device)
    scorer = SpectralAnomalyScorer(device)
    scorer.fit(spec[:4])
    print(scorer.score(spec).cpu().tolist())


if __name__ == "__main__":
    main()
