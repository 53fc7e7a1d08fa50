"""Gaussian-process-style kernel regression trainer with a high-precision switch."""
import argparse
import json

import torch


class KernelRidge:
    def __init__(self, args):
        self.args = args
        self.device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
        self.dtype = torch.double if args.high_precision and self.device.type != "mps" else torch.float32
        self.log_lengthscale = torch.zeros((), dtype=self.dtype, device=self.device, requires_grad=True)

    def kernel(self, a, b):
        d2 = torch.cdist(a, b) ** 2
        return torch.exp(-0.5 * d2 / self.log_lengthscale.exp() ** 2)

    def fit(self, n=40):
        g = torch.Generator().manual_seed(0)
        x = torch.rand(n, 1, generator=g).to(self.device, self.dtype) * 6
        y = torch.sin(x).squeeze(1)
        opt = torch.optim.Adam([self.log_lengthscale], lr=0.05)
        for _ in range(self.args.steps):
            K = self.kernel(x, x) + self.args.noise * torch.eye(n, dtype=self.dtype, device=self.device)
            alpha = torch.linalg.solve(K, y)
            loss = 0.5 * y @ alpha + 0.5 * torch.logdet(K)
            opt.zero_grad()
            loss.backward()
            opt.step()
        return loss.item()


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--high-precision", action="store_true", default=True)
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--noise", type=float, default=1e-2)
    args = parser.parse_args(argv)
    model = KernelRidge(args)
    loss = model.fit()
    print("RESULT " + json.dumps({"loss": loss, "lengthscale": model.log_lengthscale.exp().item()}))


if __name__ == "__main__":
    main([])
