import torch
import torch.nn as nn

from kws.features import analysis_window


class LogMelFrontEnd(nn.Module):
    def __init__(self, n_fft=256, hop=128):
        super().__init__()
        self.n_fft = n_fft
        self.hop = hop
        self.window = analysis_window(n_fft)

    def forward(self, wav):
        window = torch.from_numpy(self.window).to(wav.device)
        spec = torch.stft(wav, self.n_fft, self.hop, window=window.float(), return_complex=True)
        return torch.log1p(spec.abs() ** 2)


class KWSNet(nn.Module):
    def __init__(self, n_fft=256, n_classes=4):
        super().__init__()
        self.front = LogMelFrontEnd(n_fft)
        self.head = nn.Linear(n_fft // 2 + 1, n_classes)

    def forward(self, wav):
        feats = self.front(wav).mean(dim=-1)
        return self.head(feats)
