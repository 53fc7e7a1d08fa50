from torch import nn

from .frontend import LogMel


class SpeechClassifier(nn.Module):
    def __init__(self, n_classes=10, n_mels=40):
        super().__init__()
        self.frontend = LogMel(n_mels=n_mels)
        self.encoder = nn.GRU(n_mels, 64, batch_first=True)
        self.head = nn.Linear(64, n_classes)

    def forward(self, wave):
        feats = self.frontend(wave).transpose(1, 2)
        _, h = self.encoder(feats)
        return self.head(h[-1])
