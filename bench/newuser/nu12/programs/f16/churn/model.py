from torch import nn


class ChurnNet(nn.Module):
    def __init__(self, in_features, hidden=32):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(in_features, hidden), nn.ReLU(), nn.Dropout(0.1), nn.Linear(hidden, 2))

    def forward(self, x):
        return self.body(x.float())
