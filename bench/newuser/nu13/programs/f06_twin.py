"""Keyword-spotting preprocessing: band-pass filter with SciPy, frame on the device, tiny CNN."""
import numpy as np
import torch
from scipy import signal
from torch import nn

SAMPLE_RATE = 16000


def synth_clip(rng, seconds=1.0):
    t = np.arange(int(SAMPLE_RATE * seconds), dtype=np.float32) / SAMPLE_RATE
    tone = np.sin(2 * np.pi * 440 * t).astype(np.float32)
    return tone + 0.1 * rng.standard_normal(t.shape).astype(np.float32)


def bandpass(clip, low=300.0, high=3400.0):
    sos = signal.butter(6, [low, high], btype="bandpass", fs=SAMPLE_RATE, output="sos")
    return signal.sosfiltfilt(sos, clip)


class FrameCNN(nn.Module):
    def __init__(self, n_classes=5):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv1d(1, 8, 9, stride=4), nn.ReLU(), nn.AdaptiveAvgPool1d(8)
        )
        self.head = nn.Linear(8 * 8, n_classes)

    def forward(self, frames):
        b, n, L = frames.shape
        h = self.conv(frames.reshape(b * n, 1, L)).reshape(b, n, -1).mean(1)
        return self.head(h)


def main():
    device = torch.device("mps") if torch.backends.mps.is_available() else torch.device("cpu")
    rng = np.random.default_rng(0)
    model = FrameCNN().to(device)
    clips = [bandpass(synth_clip(rng)) for _ in range(4)]
    batch = []
    for clip in clips:
        wave = torch.from_numpy(clip.astype(np.float32)).to(device)
        wave = wave / wave.abs().max()
        batch.append(wave.unfold(-1, 400, 160).float())
    logits = model(torch.stack(batch))
    print("logits", tuple(logits.shape))


if __name__ == "__main__":
    main()
