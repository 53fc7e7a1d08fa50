import torch
import torch.nn as nn


def weighted_ce(cfg, device):
    weight = torch.as_tensor(cfg.class_weights, device=device)
    return nn.CrossEntropyLoss(weight=weight.float())
