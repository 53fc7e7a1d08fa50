import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from .dataset import ShapesDataset
from .net import tiny_unet
from .utils import get_device


class Trainer:
    def __init__(self, model, loader, lr=1e-2):
        self.device = get_device()
        self.model = model.to(self.device)
        self.loader = loader
        self.opt = torch.optim.Adam(self.model.parameters(), lr=lr)

    def _to_device(self, batch):
        return {k: v.to(self.device, non_blocking=True) for k, v in batch.items()}

    def train_epoch(self):
        self.model.train()
        for batch in self.loader:
            batch = self._to_device(batch)
            logits = self.model(batch["image"].float())
            loss = F.cross_entropy(logits, batch["mask"])
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        return loss.item()


if __name__ == "__main__":
    trainer = Trainer(tiny_unet(), DataLoader(ShapesDataset(), batch_size=8, shuffle=True))
    for epoch in range(2):
        print(f"epoch {epoch}: {trainer.train_epoch():.3f}")
