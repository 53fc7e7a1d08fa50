import os
import tempfile

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader

from churn.data import ChurnDataset, write_export


class Trainer:
    def __init__(self, model, lr=1e-2):
        self.device = torch.device("mps") if torch.backends.mps.is_available() else torch.device("cpu")
        self.model = model.to(self.device)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=lr)

    def step(self, batch):
        x = batch["features"].to(self.device)
        y = batch["label"].to(self.device)
        loss = F.binary_cross_entropy_with_logits(self.model(x).squeeze(-1), y)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()

    def fit(self, loader, epochs=3):
        for epoch in range(epochs):
            losses = [self.step(batch) for batch in loader]
            print(f"epoch {epoch} loss {sum(losses) / len(losses):.4f}")


if __name__ == "__main__":
    path = os.path.join(tempfile.mkdtemp(), "customers.csv")
    write_export(path)
    ds = ChurnDataset(path)
    model = nn.Sequential(nn.Linear(len(ds.feature_cols), 32), nn.ReLU(), nn.Linear(32, 1))
    Trainer(model).fit(DataLoader(ds, batch_size=64, shuffle=True))
