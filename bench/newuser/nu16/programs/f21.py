"""Vibration-fault classifier on short-time spectra computed with NumPy."""
import numpy as np
import torch
from torch import nn


class Config:
    sample_rate = 2000
    frame = 256
    hop = 128
    device = "mps" if torch.backends.mps.is_available() else "cpu"


def synth_vibration(fault, n=4000, seed=0):
    rng = np.random.default_rng(seed)
    t = np.arange(n) / Config.sample_rate
    sig = np.sin(2 * np.pi * 50 * t) + 0.3 * rng.standard_normal(n)
    if fault:
        sig += 0.8 * np.sin(2 * np.pi * 330 * t) * (np.sin(2 * np.pi * 3 * t) > 0)
    return sig


def stft_frames(sig):
    window = np.hanning(Config.frame)
    starts = range(0, len(sig) - Config.frame, Config.hop)
    frames = np.stack([sig[s:s + Config.frame] * window for s in starts])
    return np.fft.rfft(frames, axis=-1)


class SpectrumNet(nn.Module):
    def __init__(self, n_bins):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_bins, 32), nn.ReLU(), nn.Linear(32, 2))

    def forward(self, mag):
        return self.net(mag).mean(1)


def main():
    torch.manual_seed(0)
    specs = [stft_frames(synth_vibration(fault=i % 2, seed=i)) for i in range(8)]
    labels = torch.tensor([i % 2 for i in range(8)], device=Config.device)
    spec = torch.from_numpy(np.stack(specs)).to(Config.device)
    log_mag = torch.log1p(spec.abs()).float()
    model = SpectrumNet(log_mag.shape[-1]).to(Config.device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(20):
        loss = nn.functional.cross_entropy(model(log_mag), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("loss", round(loss.item(), 4))


if __name__ == "__main__":
    main()
