"""Gaussian-process regression of a 1-D signal, exact inference with a Cholesky factor."""
import math

import torch


def get_device():
    return torch.device("cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu")


class ExactGP:
    def __init__(self, lengthscale=0.3, outputscale=1.0, noise=1e-2):
        self.lengthscale, self.outputscale, self.noise = lengthscale, outputscale, noise

    def kernel(self, a, b):
        d2 = torch.cdist(a[:, None], b[:, None]) ** 2
        return self.outputscale * torch.exp(-0.5 * d2 / self.lengthscale**2)

    def fit(self, x, y):
        self.x = x
        K = self.kernel(x, x)
        K.diagonal().add_(self.noise)
        self.L = torch.linalg.cholesky(K)
        self.alpha = torch.cholesky_solve(y[:, None], self.L)
        return self

    def predict(self, xs):
        Ks = self.kernel(xs, self.x)
        mean = (Ks @ self.alpha).squeeze(-1)
        v = torch.cholesky_solve(Ks.T, self.L)
        var = self.outputscale - (Ks * v.T).sum(-1)
        return mean.float(), var.clamp_min(0).sqrt().float()


if __name__ == "__main__":
    device = get_device()
    x = torch.rand(200, device=device) * 2 * math.pi
    y = torch.sin(x) + 0.1 * torch.randn_like(x)
    gp = ExactGP().fit(x, y)
    xs = torch.linspace(0, 2 * math.pi, 5, device=device)
    mean, std = gp.predict(xs)
    print("mean", mean.cpu().numpy().round(2), "std", std.cpu().numpy().round(3))
