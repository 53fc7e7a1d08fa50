"""Fit an ill-conditioned polynomial basis on the CPU in float64, then serve it on the accelerator."""
import numpy as np
import torch


def vandermonde_fit(x, y, degree):
    # Vandermonde systems are badly conditioned: solve them in float64 on the CPU
    V = torch.from_numpy(np.vander(x, degree + 1, increasing=True)).to(device="cpu", dtype=torch.float64)
    target = torch.from_numpy(y).to(torch.float64)
    coef = torch.linalg.lstsq(V, target[:, None]).solution.squeeze(1)
    return coef


def evaluate(coef, x):
    powers = torch.arange(len(coef), device=x.device)
    return (x[:, None] ** powers * coef).sum(-1)


def main():
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    rng = np.random.default_rng(0)
    x = np.sort(rng.uniform(0, 1, 200))
    y = np.exp(x) * np.sin(6 * x) + 0.01 * rng.standard_normal(200)
    coef = vandermonde_fit(x, y, degree=9)
    coef_dev = coef.float().to(device)
    grid = torch.linspace(0, 1, 5, device=device)
    print([round(v, 3) for v in evaluate(coef_dev, grid).cpu().tolist()])


if __name__ == "__main__":
    main()
