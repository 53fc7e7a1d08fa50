import torch


def as_device_tensor(a, device):
    return torch.as_tensor(a, device=device)


def rbf(a, b, lengthscale):
    return torch.exp(-0.5 * torch.cdist(a / lengthscale, b / lengthscale) ** 2)


def ucb(X, y, candidates, device, lengthscale=2.0, noise=1e-4, beta=2.0):
    """Upper confidence bound of -y (we minimise y) at each candidate."""
    X, y, C = (as_device_tensor(a, device) for a in (X, y, candidates))
    mu, sd = y.mean(), y.std() + 1e-9
    yn = (y - mu) / sd
    K = rbf(X, X, lengthscale) + noise * torch.eye(len(X), device=device, dtype=X.dtype)
    L = torch.linalg.cholesky(K)
    Ks = rbf(C, X, lengthscale)
    mean = Ks @ torch.cholesky_solve(yn[:, None], L)
    v = torch.linalg.solve_triangular(L, Ks.T, upper=False)
    var = (1 - (v**2).sum(0)).clamp_min(1e-12)
    return (-mean.squeeze(-1) + beta * var.sqrt()).cpu().numpy()
