"""Validation loop that accumulates the loss sum in float64 on the host across many batches."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


class LossAccumulator:
    def __init__(self):
        self.total = torch.zeros((), dtype=torch.float64)
        self.count = 0

    def add(self, batch_loss_sum, n):
        self.total += batch_loss_sum.detach().cpu().double()
        self.count += n

    def mean(self):
        return (self.total / self.count).item()


@torch.no_grad()
def validate(model, loader, device):
    acc = LossAccumulator()
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        acc.add(nn.functional.mse_loss(model(x), y, reduction="sum"), x.shape[0])
    return acc.mean()


if __name__ == "__main__":
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    x = torch.randn(2000, 10)
    y = x @ torch.randn(10, 1) + 0.1 * torch.randn(2000, 1)
    loader = DataLoader(TensorDataset(x, y), batch_size=100)
    model = nn.Linear(10, 1).to(device)
    print("val mse", validate(model, loader, device))
