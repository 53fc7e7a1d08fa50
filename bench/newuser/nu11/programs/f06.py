"""Exact GP regression with an RBF kernel, hyperparameters fixed by hand."""
import numpy as np
import torch

DEVICE = torch.device(
    "cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu"
)


def rbf(a, b, lengthscale, variance):
    d2 = torch.cdist(a, b) ** 2
    return variance * torch.exp(-0.5 * d2 / lengthscale**2)


class ExactGP:
    def __init__(self, lengthscale=0.3, variance=1.0, noise=1e-2):
        self.lengthscale = lengthscale
        self.variance = variance
        self.noise = noise

    def fit(self, x, y):
        self.x = torch.as_tensor(x, device=DEVICE)
        self.y = torch.as_tensor(y, device=DEVICE)
        K = rbf(self.x, self.x, self.lengthscale, self.variance)
        K = K + self.noise * torch.eye(len(self.x), device=DEVICE, dtype=K.dtype)
        self.L = torch.linalg.cholesky(K)
        self.alpha = torch.cholesky_solve(self.y.unsqueeze(-1), self.L)
        return self

    def predict(self, xs):
        xs = torch.as_tensor(xs, device=DEVICE, dtype=self.x.dtype)
        Ks = rbf(xs, self.x, self.lengthscale, self.variance)
        return (Ks @ self.alpha).squeeze(-1)


def main():
    rng = np.random.default_rng(1)
    x = np.sort(rng.uniform(-1, 1, size=(20, 1)), axis=0)
    y = np.sin(3 * x[:, 0]) + 0.1 * rng.standard_normal(20)
    gp = ExactGP().fit(x, y)
    xs = np.linspace(-1, 1, 5)[:, None]
    print("posterior mean", gp.predict(xs).cpu().numpy().round(3))


if __name__ == "__main__":
    main()
