import random

import torch

from .data import ShapesDataset
from .trainer import ConsistencyTrainer


def main():
    random.seed(0)
    torch.manual_seed(0)
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    trainer = ConsistencyTrainer(ShapesDataset(), device)
    for epoch in range(2):
        print(f"epoch {epoch}: {trainer.epoch():.4f}")


if __name__ == "__main__":
    main()
