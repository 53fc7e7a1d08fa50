import torch
import torch.nn as nn


class FaultGRU(nn.Module):
    def __init__(self, n_features, hidden=32):
        super().__init__()
        self.gru = nn.GRU(n_features, hidden, batch_first=True)
        self.head = nn.Linear(hidden, 1)

    def forward(self, x):
        _, h = self.gru(x.float())
        return self.head(h[-1]).squeeze(-1)
