import os

import torch
from torch.utils.data import DataLoader

from housing.data import HousingDataset
from housing.model import Regressor
from housing.utils import get_device, scratch_dir, write_demo_csv


def train(epochs=2):
    device = get_device()
    csv_path = write_demo_csv(os.path.join(scratch_dir(), "houses.csv"))
    dataset = HousingDataset(csv_path)
    loader = DataLoader(dataset, batch_size=32, shuffle=True)
    model = Regressor(dataset.x.shape[1]).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=1e-2)
    for epoch in range(epochs):
        total = 0.0
        for features, target in loader:
            features = features.to(device)
            target = target.to(device)
            pred = model(features.float())
            loss = torch.nn.functional.mse_loss(pred, target.float())
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        print(f"epoch {epoch}: {total / len(loader):.4f}")


if __name__ == "__main__":
    train()
