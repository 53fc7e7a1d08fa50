"""Evaluate a regressor over many batches; the error sums are accumulated in float64 on the CPU."""
import numpy as np
import torch
import torch.nn as nn


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


@torch.no_grad()
def evaluate(model, batches, device):
    # millions of small squared errors: a float32 running sum loses digits, so sum in float64 on the host
    sse = torch.zeros((), dtype=torch.float64)
    sae = torch.zeros((), dtype=torch.float64)
    n = 0
    for x, y in batches:
        pred = model(x.to(device)).squeeze(-1)
        err = (pred - y.to(device)).cpu().double()
        sse += (err**2).sum()
        sae += err.abs().sum()
        n += len(err)
    return (sse / n).sqrt().item(), (sae / n).item()


def make_batches(n_batches=200, batch=512, seed=0):
    rng = np.random.default_rng(seed)
    for _ in range(n_batches):
        x = rng.normal(size=(batch, 8)).astype(np.float32)
        y = (x.sum(1) + 0.01 * rng.normal(size=batch)).astype(np.float32)
        yield torch.from_numpy(x), torch.from_numpy(y)


if __name__ == "__main__":
    device = get_device()
    model = nn.Linear(8, 1).to(device)
    with torch.no_grad():
        model.weight.fill_(1.0)
        model.bias.zero_()
    rmse, mae = evaluate(model, make_batches(), device)
    print(f"rmse {rmse:.6f}  mae {mae:.6f}")
