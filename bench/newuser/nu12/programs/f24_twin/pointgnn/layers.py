import torch
from torch import nn


class WeightedConv(nn.Module):
    def __init__(self, c_in, c_out):
        super().__init__()
        self.lin = nn.Linear(c_in, c_out)
        self.root = nn.Linear(c_in, c_out)

    def forward(self, x, edge_index, edge_weight):
        src, dst = edge_index
        msg = self.lin(x)[src] * edge_weight[:, None].to(x.dtype)
        agg = torch.zeros(x.shape[0], msg.shape[1], device=x.device, dtype=x.dtype).index_add_(0, dst, msg)
        return torch.relu(agg + self.root(x))


class CloudClassifier(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.conv1 = WeightedConv(3, hidden)
        self.conv2 = WeightedConv(hidden, hidden)
        self.head = nn.Linear(hidden, 2)

    def forward(self, g):
        h = self.conv1(g["pos"], g["edge_index"], g["edge_weight"])
        h = self.conv2(h, g["edge_index"], g["edge_weight"])
        return self.head(h.mean(0, keepdim=True))
