import torch.nn as nn

from .frontend import LogMelFrontend


class KeywordSpotter(nn.Module):
    def __init__(self, n_keywords=4, n_mels=40):
        super().__init__()
        self.frontend = LogMelFrontend(n_mels=n_mels)
        self.conv = nn.Sequential(
            nn.Conv1d(n_mels, 64, 3, padding=1), nn.ReLU(),
            nn.AdaptiveAvgPool1d(1),
        )
        self.head = nn.Linear(64, n_keywords)

    def forward(self, wav):
        feats = self.frontend(wav)
        return self.head(self.conv(feats).squeeze(-1))
