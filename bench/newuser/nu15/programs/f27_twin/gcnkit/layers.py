import torch.nn as nn


class GraphConv(nn.Module):
    def __init__(self, n_in, n_out):
        super().__init__()
        self.lin = nn.Linear(n_in, n_out)

    def forward(self, x, adj):
        return adj.to(x.dtype) @ self.lin(x)
