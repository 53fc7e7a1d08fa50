import torch
import torch.nn as nn


class GraphConv(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.lin = nn.Linear(d_in, d_out)

    def forward(self, x, adj):
        return torch.matmul(adj, self.lin(x))


class GCN(nn.Module):
    def __init__(self, d_in, d_hidden, n_classes):
        super().__init__()
        self.conv1 = GraphConv(d_in, d_hidden)
        self.conv2 = GraphConv(d_hidden, n_classes)

    def forward(self, x, adj):
        return self.conv2(torch.relu(self.conv1(x, adj)), adj)
