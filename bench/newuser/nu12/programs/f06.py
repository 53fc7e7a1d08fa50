"""Keyword-spotting front end: band-pass filter with SciPy, STFT with torch, a small CNN."""
import numpy as np
import torch
from scipy import signal
from torch import nn

SAMPLE_RATE = 16000


class Config:
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    n_fft = 256
    hop = 128
    low_hz = 80
    high_hz = 4000


def synth_clip(seed):
    rng = np.random.default_rng(seed)
    t = np.arange(SAMPLE_RATE) / SAMPLE_RATE
    tone = 0.3 * np.sin(2 * np.pi * rng.uniform(200, 900) * t)
    return (tone + 0.05 * rng.standard_normal(t.shape)).astype(np.float32)


def bandpass(audio, cfg):
    sos = signal.butter(4, [cfg.low_hz, cfg.high_hz], btype="bandpass", fs=SAMPLE_RATE, output="sos")
    return signal.sosfiltfilt(sos, audio)


def log_spectrogram(audio, cfg):
    wave = torch.from_numpy(bandpass(audio, cfg).copy()).to(cfg.device)
    window = torch.hann_window(cfg.n_fft, device=wave.device, dtype=wave.dtype)
    spec = torch.stft(wave, cfg.n_fft, cfg.hop, window=window, return_complex=True)
    return spec.abs().log1p().float()


class KWS(nn.Module):
    def __init__(self, classes=4):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(4))
        self.fc = nn.Linear(8 * 16, classes)

    def forward(self, x):
        return self.fc(self.conv(x).flatten(1))


def main():
    cfg = Config()
    model = KWS().to(cfg.device)
    batch = torch.stack([log_spectrogram(synth_clip(s), cfg) for s in range(4)])[:, None]
    logits = model(batch)
    print("logits", tuple(logits.shape), logits.argmax(1).tolist())


if __name__ == "__main__":
    main()
