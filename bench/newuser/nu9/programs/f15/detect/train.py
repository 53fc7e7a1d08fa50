import json
import tempfile

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from .data import BoxDataset, annotation_file, collate


def get_device():
    return torch.device("cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu")


def box_loss(pred, targets):
    total = 0.0
    for p, t in zip(pred, targets):
        total = total + ((p - t["boxes"].mean(0)) ** 2).sum()
    return total / len(targets)


def main():
    torch.manual_seed(0)
    device = get_device()
    head = nn.Sequential(nn.AdaptiveAvgPool2d(4), nn.Flatten(), nn.Linear(48, 4)).to(device)
    opt = torch.optim.SGD(head.parameters(), lr=0.1)
    with tempfile.TemporaryDirectory() as tmp:
        loader = DataLoader(BoxDataset(annotation_file(tmp)), batch_size=4, collate_fn=collate)
        for images, targets in loader:
            images = images.to(device)
            targets = [{k: v.to(device) for k, v in t.items()} for t in targets]
            loss = box_loss(head(images), targets)
            opt.zero_grad()
            loss.backward()
            opt.step()
    print("RESULT " + json.dumps({"loss": float(loss.item())}))


if __name__ == "__main__":
    main()
