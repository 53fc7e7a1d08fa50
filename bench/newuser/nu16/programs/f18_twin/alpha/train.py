import torch
from torch import nn
from torch.utils.data import DataLoader

from alpha.dataset import FEATURES, build_datasets
from alpha.utils import get_device, move_batch


class DirectionModel(nn.Module):
    def __init__(self, n_features):
        super().__init__()
        self.fc1 = nn.Linear(n_features, 32)
        self.fc2 = nn.Linear(32, 2)

    def forward(self, x):
        x = x.to(self.fc1.weight.dtype)
        return self.fc2(torch.relu(self.fc1(x)))


def main():
    device = get_device()
    train_ds, val_ds = build_datasets()
    train_loader = DataLoader(train_ds, batch_size=64, shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=256)
    model = DirectionModel(len(FEATURES)).to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for epoch in range(2):
        model.train()
        for batch in train_loader:
            x, y = move_batch(batch, device)
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        correct = total = 0
        with torch.no_grad():
            for batch in val_loader:
                x, y = move_batch(batch, device)
                correct += (model(x).argmax(-1) == y).sum().item()
                total += len(y)
        print(f"epoch {epoch}: val acc {correct / total:.3f}")


if __name__ == "__main__":
    main()
