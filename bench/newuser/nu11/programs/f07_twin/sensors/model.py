import torch.nn as nn


class TinyCNN(nn.Module):
    def __init__(self, channels=3, n_classes=2):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(channels, 8, 5, padding=2), nn.ReLU(),
            nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(8, n_classes),
        )

    def forward(self, x):
        return self.net(x)
