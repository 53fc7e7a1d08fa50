import argparse

import torch
from torch.utils.data import DataLoader

from .dataset import CustomerDataset
from .features import build_preprocessor, fake_customers
from .model import ChurnMLP


def get_args(argv=None):
    p = argparse.ArgumentParser(description="train the churn model")
    p.add_argument("--device", default="cuda" if torch.cuda.is_available() else
                   ("mps" if torch.backends.mps.is_available() else "cpu"))
    p.add_argument("--epochs", type=int, default=3)
    return p.parse_args(argv)


def run_epoch(model, loader, opt, device):
    model.train()
    total = 0.0
    for features, labels in loader:
        features = features.to(device)
        labels = labels.to(device).float()
        loss = torch.nn.functional.binary_cross_entropy_with_logits(model(features), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item()
    return total / len(loader)


def main(argv=None):
    args = get_args(argv)
    frame = fake_customers()
    pre = build_preprocessor()
    train_set = CustomerDataset(frame.iloc[:300], pre, fit=True)
    loader = DataLoader(train_set, batch_size=32, shuffle=True)
    model = ChurnMLP(train_set.features.shape[1]).to(args.device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(args.epochs):
        print(f"epoch {epoch} loss {run_epoch(model, loader, opt, args.device):.4f}")


if __name__ == "__main__":
    main([])
