import torch

from .augment import BatchColorAugment
from .model import tiny_unet


class Settings:
    batch = 4
    size = 32
    steps = 3
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")


def main(settings=Settings):
    device = settings.device
    model = tiny_unet().to(device)
    aug = BatchColorAugment()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(settings.steps):
        images = torch.rand(settings.batch, 3, settings.size, settings.size, device=device)
        masks = torch.randint(0, 3, (settings.batch, settings.size, settings.size), device=device)
        images, masks = aug(images, masks)
        loss = torch.nn.functional.cross_entropy(model(images), masks)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
