import torch
from torch import nn

from segm.cfg import ExperimentConfig
from segm.losses import WeightedDiceCE, inverse_frequency_weights


def tiny_unet(num_classes):
    return nn.Sequential(
        nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(),
        nn.Conv2d(16, 16, 3, padding=1), nn.ReLU(),
        nn.Conv2d(16, num_classes, 1),
    )


def run(cfg):
    torch.manual_seed(0)
    model = tiny_unet(cfg.num_classes).to(cfg.device)
    weights = torch.from_numpy(inverse_frequency_weights(cfg.class_frequencies))
    criterion = WeightedDiceCE(weights.to(cfg.device))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(5):
        images = torch.randn(4, 3, cfg.image_size, cfg.image_size, device=cfg.device)
        masks = torch.randint(0, cfg.num_classes, (4, cfg.image_size, cfg.image_size), device=cfg.device)
        loss = criterion(model(images), masks)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("loss", float(loss))


if __name__ == "__main__":
    run(ExperimentConfig())
