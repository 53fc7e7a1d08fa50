import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from sensors.data import WindowDataset, make_root
from sensors.model import TinyCNN


class Trainer:
    def __init__(self, model, loader):
        if torch.cuda.is_available():
            self.device = torch.device("cuda")
        elif torch.backends.mps.is_available():
            self.device = torch.device("mps")
        else:
            self.device = torch.device("cpu")
        self.model = model.to(self.device)
        self.loader = loader
        self.opt = torch.optim.Adam(self.model.parameters(), lr=1e-3)

    def train_epoch(self):
        total = 0.0
        for x, y in self.loader:
            x, y = x.to(self.device), y.to(self.device)
            loss = F.cross_entropy(self.model(x.float()), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            total += loss.item()
        return total / len(self.loader)


def main():
    ds = WindowDataset(make_root())
    loader = DataLoader(ds, batch_size=8, shuffle=True)
    trainer = Trainer(TinyCNN(), loader)
    print("epoch loss", round(trainer.train_epoch(), 4))


if __name__ == "__main__":
    main()
