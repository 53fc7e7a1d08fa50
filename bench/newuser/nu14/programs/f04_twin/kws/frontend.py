import torch
import torch.nn as nn

from .filters import mel_filterbank


class LogMelFrontend(nn.Module):
    def __init__(self, sample_rate=16000, n_fft=400, hop=160, n_mels=40):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        self.register_buffer("window", torch.hann_window(n_fft))
        self.register_buffer("mel_fb", torch.from_numpy(mel_filterbank(sample_rate, n_fft, n_mels)).float())

    def forward(self, wav):
        spec = torch.stft(wav, self.n_fft, self.hop, window=self.window, return_complex=True)
        power = spec.abs() ** 2
        mel = torch.matmul(self.mel_fb.to(power.dtype), power)
        return torch.log(mel + 1e-6)
