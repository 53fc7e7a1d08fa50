"""Keyword spotting front end: log-mel features from a mel filterbank built in NumPy."""
import math

import numpy as np
import torch
import torch.nn as nn

SAMPLE_RATE = 16000
N_FFT = 400
HOP = 160
N_MELS = 40


def hz_to_mel(f):
    return 2595.0 * np.log10(1.0 + f / 700.0)


def mel_to_hz(m):
    return 700.0 * (10 ** (m / 2595.0) - 1.0)


def mel_filterbank(sr, n_fft, n_mels, fmin=20.0, fmax=None):
    fmax = fmax or sr / 2
    mels = np.linspace(hz_to_mel(fmin), hz_to_mel(fmax), n_mels + 2)
    bins = np.floor((n_fft + 1) * mel_to_hz(mels) / sr).astype(int)
    fb = np.zeros((n_mels, n_fft // 2 + 1))
    for m in range(1, n_mels + 1):
        left, center, right = bins[m - 1], bins[m], bins[m + 1]
        for k in range(left, center):
            fb[m - 1, k] = (k - left) / max(center - left, 1)
        for k in range(center, right):
            fb[m - 1, k] = (right - k) / max(right - center, 1)
    return fb


class LogMel(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("window", torch.hann_window(N_FFT))
        self.register_buffer("fb", torch.from_numpy(mel_filterbank(SAMPLE_RATE, N_FFT, N_MELS)))

    def forward(self, wav):
        spec = torch.stft(wav, N_FFT, HOP, window=self.window, return_complex=True).abs() ** 2
        mel = torch.matmul(self.fb.to(spec.dtype), spec)
        return torch.log(mel + 1e-6)


class KWSNet(nn.Module):
    def __init__(self, n_classes=10):
        super().__init__()
        self.frontend = LogMel()
        self.conv = nn.Sequential(nn.Conv1d(N_MELS, 64, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool1d(1))
        self.head = nn.Linear(64, n_classes)

    def forward(self, wav):
        return self.head(self.conv(self.frontend(wav)).squeeze(-1))


def synth_batch(batch, n_classes=10):
    t = torch.arange(SAMPLE_RATE) / SAMPLE_RATE
    labels = torch.randint(0, n_classes, (batch,))
    freqs = 200.0 + 100.0 * labels.float()
    wav = torch.sin(2 * math.pi * freqs[:, None] * t[None, :]) + 0.1 * torch.randn(batch, SAMPLE_RATE)
    return wav, labels


def main():
    device = torch.device("cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu")
    model = KWSNet().to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for step in range(3):
        wav, labels = synth_batch(8)
        wav, labels = wav.to(device), labels.to(device)
        loss = nn.functional.cross_entropy(model(wav), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())


if __name__ == "__main__":
    main()
