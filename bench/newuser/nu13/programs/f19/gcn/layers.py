import torch
from torch import nn


class GraphConv(nn.Module):
    def __init__(self, n_in, n_out):
        super().__init__()
        self.linear = nn.Linear(n_in, n_out)

    def forward(self, x, adj):
        support = self.linear(x)
        return torch.mm(adj.type_as(support), support)


class GCN(nn.Module):
    def __init__(self, n_in, hidden, n_classes):
        super().__init__()
        self.conv1 = GraphConv(n_in, hidden)
        self.conv2 = GraphConv(hidden, n_classes)

    def forward(self, x, adj):
        return self.conv2(torch.relu(self.conv1(x, adj)), adj)
