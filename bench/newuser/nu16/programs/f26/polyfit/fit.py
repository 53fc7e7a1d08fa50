import torch

from polyfit.design import noisy_cubic, polynomial_design
from polyfit.devices import as_device_tensor, pick


def ridge_gd(X, y, lam=1e-3, lr=0.1, steps=500):
    w = torch.zeros(X.shape[1], device=X.device, dtype=X.dtype, requires_grad=True)
    opt = torch.optim.SGD([w], lr=lr)
    for _ in range(steps):
        loss = ((X @ w - y) ** 2).mean() + lam * (w ** 2).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return w.detach()


if __name__ == "__main__":
    device = pick()
    x, y = noisy_cubic()
    X = as_device_tensor(polynomial_design(x, degree=3), device)
    coef = ridge_gd(X, as_device_tensor(y, device))
    print("coefficients", [round(c, 2) for c in coef.cpu().tolist()])
