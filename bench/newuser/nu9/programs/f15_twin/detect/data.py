import json
import os

import numpy as np
import torch
from torch.utils.data import Dataset


def write_annotations(path, n_images=8, seed=0):
    rng = np.random.default_rng(seed)
    anns = []
    for i in range(n_images):
        k = int(rng.integers(1, 4))
        xy = rng.uniform(0, 48, size=(k, 2))
        wh = rng.uniform(4, 16, size=(k, 2))
        anns.append({"id": i, "boxes": np.hstack([xy, xy + wh]).round(2).tolist(), "labels": [1] * k})
    with open(path, "w") as f:
        json.dump(anns, f)


class BoxDataset(Dataset):
    def __init__(self, ann_path):
        with open(ann_path) as f:
            self.anns = json.load(f)
        self.rng = torch.Generator().manual_seed(0)

    def __len__(self):
        return len(self.anns)

    def __getitem__(self, i):
        ann = self.anns[i]
        image = torch.rand(3, 64, 64, generator=self.rng)
        boxes = np.asarray(ann["boxes"], dtype=np.float32) / 64.0
        target = {"boxes": torch.from_numpy(boxes), "labels": torch.tensor(ann["labels"])}
        return image, target


def collate(batch):
    images, targets = zip(*batch)
    return torch.stack(images), list(targets)


def annotation_file(folder):
    path = os.path.join(folder, "train.json")
    write_annotations(path)
    return path
