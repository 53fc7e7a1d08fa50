import numpy as np
import torch
import torch.nn.functional as F
from torch import nn


def inverse_frequency_weights(freqs, smoothing=1.02):
    """ENet-style class weights: 1 / log(c + p)."""
    w = 1.0 / np.log(smoothing + np.asarray(freqs))
    return w / w.sum() * len(w)


class WeightedDiceCE(nn.Module):
    def __init__(self, class_weights):
        super().__init__()
        self.class_weights = class_weights

    def forward(self, logits, target):
        ce = F.cross_entropy(logits, target, reduction="none").mean(dim=(1, 2))
        probs = logits.softmax(1)
        onehot = F.one_hot(target, logits.shape[1]).permute(0, 3, 1, 2).to(probs.dtype)
        inter = (probs * onehot).sum(dim=(0, 2, 3))
        union = probs.sum(dim=(0, 2, 3)) + onehot.sum(dim=(0, 2, 3))
        dice = 1 - (2 * inter + 1) / (union + 1)
        return ce.mean() + (dice * self.class_weights).sum() / self.class_weights.sum()
