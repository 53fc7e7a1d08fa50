import torch
from torch import nn


class Item2Vec(nn.Module):
    def __init__(self, n_items, dim=16):
        super().__init__()
        self.center = nn.Embedding(n_items, dim)
        self.context = nn.Embedding(n_items, dim)

    def forward(self, center, context, negatives):
        c = self.center(center)
        pos = (c * self.context(context)).sum(-1)
        neg = torch.bmm(self.context(negatives), c.unsqueeze(-1)).squeeze(-1)
        return -(nn.functional.logsigmoid(pos) + nn.functional.logsigmoid(-neg).sum(-1)).mean()
