"""Train the fault detector."""
import torch
from torch.utils.data import DataLoader

from faultwatch.data import FEATURES, load_log, split
from faultwatch.dataset import WindowDataset
from faultwatch.model import FaultGRU
from faultwatch.utils import get_device


def train_epoch(model, loader, opt, device):
    model.train()
    total = 0.0
    for xb, yb in loader:
        xb = xb.to(device)
        yb = yb.to(device, dtype=torch.float32)
        loss = torch.nn.functional.binary_cross_entropy_with_logits(model(xb), yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item()
    return total / len(loader)


def main():
    device = get_device()
    train_df, _ = split(load_log())
    loader = DataLoader(WindowDataset(train_df), batch_size=32, shuffle=True)
    model = FaultGRU(len(FEATURES)).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(2):
        print(epoch, train_epoch(model, loader, opt, device))


if __name__ == "__main__":
    main()
