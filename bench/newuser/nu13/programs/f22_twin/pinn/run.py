import torch

from .trainer import PoissonTrainer


def main(steps=20):
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    trainer = PoissonTrainer(device)
    for i in range(steps):
        loss = trainer.step()
    print(f"pinn loss {loss:.4f}")


if __name__ == "__main__":
    main()
