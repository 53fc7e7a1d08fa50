import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from skinlesion.losses import FocalLoss
from skinlesion.stats import class_weights, synthetic_images


def make_model(n_classes):
    return nn.Sequential(
        nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        nn.Flatten(), nn.Linear(32, n_classes),
    )


def main(n_classes=4):
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    images, labels = synthetic_images(n_classes=n_classes)
    loader = DataLoader(TensorDataset(torch.from_numpy(images), torch.from_numpy(labels)), batch_size=64, shuffle=True)
    model = make_model(n_classes).to(device)
    criterion = FocalLoss(class_weights(labels, n_classes)).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(2):
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            loss = criterion(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch} focal loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
