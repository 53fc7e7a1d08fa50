"""Exact Gaussian-process regression with an RBF kernel, hyperparameters fit by Adam."""
import math

import torch

torch.set_default_dtype(torch.float64)  # Cholesky of kernel matrices needs the headroom


def rbf(a, b, lengthscale, variance):
    d2 = (a[:, None, :] - b[None, :, :]).pow(2).sum(-1)
    return variance * torch.exp(-0.5 * d2 / lengthscale ** 2)


class GPRegressor:
    def __init__(self, device):
        self.device = device
        self.log_ls = torch.zeros((), device=device, requires_grad=True)
        self.log_var = torch.zeros((), device=device, requires_grad=True)
        self.log_noise = torch.full((), -2.0, device=device, requires_grad=True)

    def nll(self, x, y):
        k = rbf(x, x, self.log_ls.exp(), self.log_var.exp())
        k = k + (self.log_noise.exp() + 1e-6) * torch.eye(len(x), device=self.device)
        chol = torch.linalg.cholesky(k)
        alpha = torch.cholesky_solve(y[:, None], chol)
        return 0.5 * (y[:, None] * alpha).sum() + chol.diagonal().log().sum() + 0.5 * len(x) * math.log(2 * math.pi)

    def fit(self, x, y, steps=50):
        opt = torch.optim.Adam([self.log_ls, self.log_var, self.log_noise], lr=0.05)
        for _ in range(steps):
            loss = self.nll(x, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        return loss.item()


if __name__ == "__main__":
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    torch.manual_seed(0)
    x = torch.rand(40, 1) * 6
    y = torch.sin(x[:, 0]) + 0.1 * torch.randn(40)
    gp = GPRegressor(device)
    print("nll", round(gp.fit(x.to(device), y.to(device)), 3))
