import torch
from torch.utils.data import DataLoader

from . import config
from .data import load_table
from .dataset import ChurnDataset
from .model import ChurnNet


def run_epoch(model, loader, opt, device):
    model.train()
    total = 0.0
    for features, labels in loader:
        features = features.to(device)
        labels = labels.to(device)
        loss = torch.nn.functional.cross_entropy(model(features), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item() * len(labels)
    return total / len(loader.dataset)


def main():
    torch.manual_seed(0)
    device = config.get_device()
    features, labels = load_table()
    loader = DataLoader(ChurnDataset(features, labels), batch_size=config.BATCH_SIZE, shuffle=True)
    model = ChurnNet(features.shape[1]).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=config.LR)
    for epoch in range(config.EPOCHS):
        print(f"epoch {epoch}: loss {run_epoch(model, loader, opt, device):.4f}")


if __name__ == "__main__":
    main()
