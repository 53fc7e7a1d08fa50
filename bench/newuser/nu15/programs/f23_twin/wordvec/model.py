import numpy as np
import torch
import torch.nn as nn


class BagOfVectors(nn.Module):
    def __init__(self, vectors_path, n_classes=2):
        super().__init__()
        weights = np.load(vectors_path)
        self.emb = nn.Embedding.from_pretrained(torch.from_numpy(weights).float(), freeze=True, padding_idx=0)
        self.fc = nn.Linear(weights.shape[1], n_classes)

    def forward(self, ids):
        return self.fc(self.emb(ids).mean(1).float())
