"""Keyword-spotting front end: log-mel features computed inside the model."""
import numpy as np
import torch
from scipy.signal import get_window
from torch import nn


def best_device():
    if torch.cuda.is_available():
        return "cuda"
    if getattr(torch.backends, "mps", None) and torch.backends.mps.is_available():
        return "mps"
    return "cpu"


def hz_to_mel(f):
    return 2595.0 * np.log10(1.0 + f / 700.0)


def mel_to_hz(m):
    return 700.0 * (10 ** (m / 2595.0) - 1.0)


def mel_filterbank(sr, n_fft, n_mels):
    fft_freqs = np.linspace(0, sr / 2, n_fft // 2 + 1)
    mel_points = np.linspace(hz_to_mel(0), hz_to_mel(sr / 2), n_mels + 2)
    hz_points = mel_to_hz(mel_points)
    fb = np.zeros((n_mels, len(fft_freqs)))
    for m in range(1, n_mels + 1):
        left, center, right = hz_points[m - 1], hz_points[m], hz_points[m + 1]
        up = (fft_freqs - left) / (center - left)
        down = (right - fft_freqs) / (right - center)
        fb[m - 1] = np.maximum(0, np.minimum(up, down))
    return fb


class SpectrogramFrontend(nn.Module):
    def __init__(self, sr=16000, n_fft=512, hop=160, n_mels=40):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        self.register_buffer("window", torch.from_numpy(get_window("hann", n_fft)).float())
        self.register_buffer("mel_fb", torch.from_numpy(mel_filterbank(sr, n_fft, n_mels)).float())

    def forward(self, wav):
        spec = torch.stft(wav, self.n_fft, self.hop, window=self.window, return_complex=True)
        power = spec.abs() ** 2
        mel = torch.matmul(self.mel_fb.to(power.dtype), power)
        return torch.log(mel + 1e-6)


class KeywordNet(nn.Module):
    def __init__(self, n_classes=4):
        super().__init__()
        self.frontend = SpectrogramFrontend()
        self.conv = nn.Conv1d(40, 32, 3, padding=1)
        self.head = nn.Linear(32, n_classes)

    def forward(self, wav):
        h = torch.relu(self.conv(self.frontend(wav)))
        return self.head(h.mean(-1))


def main():
    device = best_device()
    torch.manual_seed(0)
    model = KeywordNet().to(device)
    wav = torch.randn(8, 16000, device=device)
    labels = torch.randint(0, 4, (8,), device=device)
    loss = nn.functional.cross_entropy(model(wav), labels)
    loss.backward()
    print("loss", loss.item())


if __name__ == "__main__":
    main()
