"""Validation metrics computed with NumPy and scikit-learn on host copies of the predictions."""
import numpy as np
from sklearn.metrics import roc_auc_score


def expected_calibration_error(probs, targets, n_bins=10):
    edges = np.linspace(0.0, 1.0, n_bins + 1)
    ece = 0.0
    for lo, hi in zip(edges[:-1], edges[1:]):
        in_bin = (probs > lo) & (probs <= hi)
        if in_bin.any():
            ece += in_bin.mean() * abs(probs[in_bin].mean() - targets[in_bin].mean())
    return ece


def binary_metrics(probs, targets):
    probs = probs.detach().cpu().numpy()
    targets = targets.detach().cpu().numpy()
    return {
        "auroc": roc_auc_score(targets, probs),
        "accuracy": np.mean((probs > 0.5) == targets),
        "ece": expected_calibration_error(probs, targets),
    }
