import torch
import torch.nn as nn


class MultiLabelHead(nn.Module):
    def __init__(self, n_in=12, n_labels=4):
        super().__init__()
        self.fc = nn.Linear(n_in, n_labels)

    def forward(self, x):
        return torch.sigmoid(self.fc(x))
