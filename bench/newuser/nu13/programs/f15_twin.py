"""Fit Gaussian-process hyperparameters by marginal likelihood, kernel kept in double for Cholesky."""
import math

import torch
from torch import nn


class RBFKernel(nn.Module):
    def __init__(self):
        super().__init__()
        self.log_lengthscale = nn.Parameter(torch.tensor(0.0))
        self.log_outputscale = nn.Parameter(torch.tensor(0.0))
        self.log_noise = nn.Parameter(torch.tensor(-2.0))

    def forward(self, a, b):
        d2 = torch.cdist(a / self.log_lengthscale.exp(), b / self.log_lengthscale.exp()) ** 2
        return self.log_outputscale.exp() * torch.exp(-0.5 * d2)


def neg_log_marginal(kernel, x, y):
    K = kernel(x, x) + kernel.log_noise.exp() * torch.eye(len(x), dtype=x.dtype, device=x.device)
    L = torch.linalg.cholesky(K)
    alpha = torch.cholesky_solve(y[:, None], L)
    n = len(x)
    return 0.5 * (y[:, None] * alpha).sum() + L.diagonal().log().sum() + 0.5 * n * math.log(2 * math.pi)


def main():
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    torch.manual_seed(0)
    x = torch.linspace(0, 5, 40).unsqueeze(1)
    y = torch.sin(x[:, 0]) + 0.1 * torch.randn(40)
    dtype = torch.float32 if device.type == "mps" else torch.float64
    kernel = RBFKernel().to(device=device, dtype=dtype)
    x, y = x.to(device, dtype=torch.float32), y.to(device, dtype=torch.float32)
    opt = torch.optim.Adam(kernel.parameters(), lr=0.05)
    for _ in range(30):
        loss = neg_log_marginal(kernel, x.to(kernel.log_noise.dtype), y.to(kernel.log_noise.dtype))
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("lengthscale", kernel.log_lengthscale.exp().item())


if __name__ == "__main__":
    main()
