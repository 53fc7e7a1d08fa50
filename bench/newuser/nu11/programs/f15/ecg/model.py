import torch.nn as nn


class BeatClassifier(nn.Module):
    def __init__(self, n_classes=3):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(1, 8, 7, padding=3), nn.ReLU(), nn.MaxPool1d(2),
            nn.Conv1d(8, 16, 5, padding=2), nn.ReLU(), nn.AdaptiveAvgPool1d(1),
            nn.Flatten(), nn.Linear(16, n_classes),
        )

    def forward(self, x):
        return self.net(x)
