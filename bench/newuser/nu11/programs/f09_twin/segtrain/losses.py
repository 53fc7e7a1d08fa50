import torch
import torch.nn as nn


def weighted_ce(cfg, device):
    weight = torch.as_tensor(cfg.class_weights, dtype=torch.float32, device=device)
    return nn.CrossEntropyLoss(weight=weight.float())
