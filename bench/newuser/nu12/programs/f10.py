"""Logistic-regression baseline trained from a mini-batch generator over synthetic data."""
import numpy as np
import torch
from torch import nn


def iterate_minibatches(x, y, batch_size, rng):
    order = rng.permutation(len(x))
    for start in range(0, len(x), batch_size):
        idx = order[start:start + batch_size]
        yield x[idx], y[idx]


def synthetic(n, d, rng):
    x = rng.normal(size=(n, d))
    true_w = rng.normal(size=d)
    y = (x @ true_w + 0.1 * rng.normal(size=n) > 0).astype(np.int64)
    return x, y


class Baseline:
    def __init__(self, d, device):
        self.device = device
        self.model = nn.Linear(d, 2).to(device)
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.1)

    def fit_epoch(self, batches):
        losses = []
        for xb, yb in batches:
            inputs = torch.as_tensor(xb, device=self.device).float()
            targets = torch.as_tensor(yb, device=self.device)
            loss = nn.functional.cross_entropy(self.model(inputs), targets)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            losses.append(loss.item())
        return float(np.mean(losses))


def main():
    rng = np.random.default_rng(0)
    x, y = synthetic(1000, 8, rng)
    device = torch.device("cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu")
    trainer = Baseline(8, device)
    for epoch in range(3):
        print(epoch, round(trainer.fit_epoch(iterate_minibatches(x, y, 64, rng)), 4))


if __name__ == "__main__":
    main()
