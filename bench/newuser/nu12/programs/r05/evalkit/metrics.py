"""Evaluation metrics accumulated in float64 on the host: long runs sum many small terms."""
import torch


class RunningMean:
    def __init__(self):
        self.total = torch.zeros((), dtype=torch.float64)
        self.count = 0

    def update(self, values):
        self.total += values.detach().cpu().double().sum()
        self.count += values.numel()

    def compute(self):
        return (self.total / max(self.count, 1)).item()


def roc_auc(scores, labels):
    scores = scores.detach().cpu().to(torch.float64)
    labels = labels.detach().cpu()
    order = torch.argsort(scores, descending=True)
    sorted_labels = labels[order].to(torch.float64)
    tps = torch.cumsum(sorted_labels, 0)
    fps = torch.cumsum(1 - sorted_labels, 0)
    tpr = torch.cat([torch.zeros(1, dtype=torch.float64), tps / tps[-1]])
    fpr = torch.cat([torch.zeros(1, dtype=torch.float64), fps / fps[-1]])
    return torch.trapezoid(tpr, fpr).item()


def describe(t):
    kind = "double" if t.dtype == torch.float64 else "single" if t.dtype == torch.float32 else str(t.dtype)
    return f"{kind} on {t.device.type}"
