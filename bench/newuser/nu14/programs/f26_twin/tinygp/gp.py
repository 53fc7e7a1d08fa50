import math

import torch
import torch.nn as nn

from .kernels import RBFKernel


class ExactGP(nn.Module):
    """Exact GP regression; Cholesky needs double precision to stay positive definite."""

    def __init__(self, noise=1e-2, dtype=torch.float64):
        super().__init__()
        self.kernel = RBFKernel()
        self.raw_noise = nn.Parameter(torch.tensor(noise).log())
        self.to(dtype)

    def neg_log_marginal_likelihood(self, x, y):
        K = self.kernel(x, x) + self.raw_noise.exp() * torch.eye(len(x), dtype=x.dtype, device=x.device)
        L = torch.linalg.cholesky(K)
        alpha = torch.cholesky_solve(y[:, None], L)
        return (0.5 * (y[:, None] * alpha).sum() + L.diagonal().log().sum()
                + 0.5 * len(x) * math.log(2 * math.pi))

    def predict(self, x_train, y_train, x_test):
        K = self.kernel(x_train, x_train) + self.raw_noise.exp() * torch.eye(len(x_train), dtype=x_train.dtype,
                                                                              device=x_train.device)
        L = torch.linalg.cholesky(K)
        alpha = torch.cholesky_solve(y_train[:, None], L)
        return (self.kernel(x_test, x_train) @ alpha).squeeze(1)
