import json

import numpy as np
import torch
import torch.nn as nn

from . import preprocess


class SmallNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, stride=2)
        self.head = nn.Linear(8, 4)

    def forward(self, x):
        x = x.type_as(self.conv.weight)
        return self.head(self.conv(x).relu().mean((2, 3)))


def predict(model, images, device):
    batch = torch.stack([torch.from_numpy(preprocess.to_chw(im)) for im in images])
    batch = batch.to(device)
    with torch.no_grad():
        return model(batch).softmax(-1)


def main():
    torch.manual_seed(0)
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    model = SmallNet().to(device).eval()
    probs = predict(model, preprocess.load_images(), device)
    print("RESULT " + json.dumps({"probs": np.round(probs.cpu().numpy(), 6).tolist()}))


if __name__ == "__main__":
    main()
