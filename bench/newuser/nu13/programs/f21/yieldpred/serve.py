import os
import tempfile

import torch

from .export import train_and_export
from .model import YieldRegressor


class Predictor:
    def __init__(self, checkpoint_path, device=None):
        self.device = device or torch.device("mps" if torch.backends.mps.is_available() else "cpu")
        ckpt = torch.load(checkpoint_path, map_location=self.device)
        self.model = YieldRegressor().to(self.device)
        self.model.load_state_dict(ckpt["state_dict"])
        self.model.eval()
        self.mean, self.std = ckpt["target_mean"], ckpt["target_std"]

    @torch.no_grad()
    def __call__(self, x):
        z = self.model(x.to(self.device))
        return (z * self.std + self.mean).float()


def main():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "yield.pt")
        train_and_export(path)
        predictor = Predictor(path)
    print(predictor(torch.randn(5, 6)).tolist())


if __name__ == "__main__":
    main()
