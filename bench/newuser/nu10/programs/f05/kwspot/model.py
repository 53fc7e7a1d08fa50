import torch
import torch.nn as nn

from .features import mel_filterbank


class LogMel(nn.Module):
    def __init__(self, sr=16000, n_fft=512, hop=160, n_mels=40):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        self.register_buffer("fb", torch.from_numpy(mel_filterbank(sr, n_fft, n_mels)))
        self.register_buffer("window", torch.hann_window(n_fft))

    def forward(self, wav):
        spec = torch.stft(wav, self.n_fft, self.hop, window=self.window, return_complex=True).abs() ** 2
        mel = self.fb.to(spec.dtype) @ spec
        return torch.log(mel + 1e-6)


class KWSNet(nn.Module):
    def __init__(self, n_classes, n_mels=40):
        super().__init__()
        self.frontend = LogMel(n_mels=n_mels)
        self.conv = nn.Sequential(nn.Conv1d(n_mels, 64, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool1d(1))
        self.head = nn.Linear(64, n_classes)

    def forward(self, wav):
        return self.head(self.conv(self.frontend(wav)).squeeze(-1))
