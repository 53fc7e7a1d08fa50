"""Exact Gaussian-process regression with an RBF kernel, hyperparameters fitted by Adam."""
import math

import torch



def best_device():
    for name, ok in (("cuda", torch.cuda.is_available()), ("mps", torch.backends.mps.is_available())):
        if ok:
            return torch.device(name)
    return torch.device("cpu")


class RBFGP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.log_lengthscale = torch.nn.Parameter(torch.tensor(0.0))
        self.log_outputscale = torch.nn.Parameter(torch.tensor(0.0))
        self.log_noise = torch.nn.Parameter(torch.tensor(-2.0))

    def kernel(self, a, b):
        d2 = (a[:, None] - b[None, :]) ** 2
        return self.log_outputscale.exp() * torch.exp(-0.5 * d2 / self.log_lengthscale.exp() ** 2)

    def neg_log_marginal(self, x, y):
        k = self.kernel(x, x) + (self.log_noise.exp() + 1e-6) * torch.eye(len(x), device=x.device)
        chol = torch.linalg.cholesky(k)
        alpha = torch.cholesky_solve(y[:, None], chol)
        return 0.5 * (y[:, None] * alpha).sum() + chol.diagonal().log().sum() + 0.5 * len(x) * math.log(2 * math.pi)

    def predict(self, x, y, xs):
        k = self.kernel(x, x) + self.log_noise.exp() * torch.eye(len(x), device=x.device)
        return self.kernel(xs, x) @ torch.linalg.solve(k, y)


def main():
    device = best_device()
    # Cholesky of kernel matrices wants double precision; MPS has none
    torch.set_default_dtype(torch.float32 if device.type == "mps" else torch.float64)
    torch.manual_seed(0)
    x = torch.linspace(0, 1, 40, device=device)
    y = torch.sin(6 * x) + 0.1 * torch.randn(40, device=device)
    gp = RBFGP().to(device)
    opt = torch.optim.Adam(gp.parameters(), lr=0.05)
    for _ in range(100):
        loss = gp.neg_log_marginal(x, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    xs = torch.linspace(0, 1, 5, device=device)
    print("nlml", round(loss.item(), 3), "pred", gp.predict(x, y, xs).detach().cpu().numpy().round(3))


if __name__ == "__main__":
    main()
