import torch.nn as nn


class ActivityNet(nn.Module):
    def __init__(self, channels=6, n_classes=4):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv1d(channels, 16, 5), nn.ReLU(), nn.AdaptiveMaxPool1d(1))
        self.fc = nn.Linear(16, n_classes)

    def forward(self, x):
        return self.fc(self.conv(x.transpose(1, 2).float()).squeeze(-1))
