import torch
import torch.nn as nn


class RBFKernel(nn.Module):
    def __init__(self, lengthscale=0.5, variance=1.0):
        super().__init__()
        self.raw_lengthscale = nn.Parameter(torch.tensor(lengthscale).log())
        self.raw_variance = nn.Parameter(torch.tensor(variance).log())

    def forward(self, a, b):
        d2 = torch.cdist(a / self.raw_lengthscale.exp(), b / self.raw_lengthscale.exp()) ** 2
        return self.raw_variance.exp() * torch.exp(-0.5 * d2)
