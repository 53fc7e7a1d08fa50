import torch
from torch import nn

from .melscale import mel_filterbank


class LogMel(nn.Module):
    def __init__(self, sr=16000, n_fft=400, hop=160, n_mels=40):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        self.register_buffer("window", torch.hann_window(n_fft))
        self.register_buffer("fbank", torch.from_numpy(mel_filterbank(sr, n_fft, n_mels)).float())

    def forward(self, wave):
        spec = torch.stft(wave, self.n_fft, self.hop, window=self.window, return_complex=True).abs() ** 2
        mel = torch.matmul(self.fbank.to(spec.dtype), spec)
        return torch.log(mel + 1e-6)
