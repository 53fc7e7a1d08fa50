"""Per-class decision thresholds chosen on validation scores."""
import numpy as np


def best_f1_threshold(scores, labels, candidates=None):
    candidates = np.percentile(scores, np.arange(5, 100, 5)) if candidates is None else candidates
    best_t, best_f1 = 0.5, -1.0
    for t in candidates:
        pred = scores >= t
        tp = np.sum(pred & (labels == 1))
        fp = np.sum(pred & (labels == 0))
        fn = np.sum(~pred & (labels == 1))
        f1 = 2 * tp / max(2 * tp + fp + fn, 1)
        if f1 > best_f1:
            best_t, best_f1 = t, f1
    return best_t


def per_class_thresholds(val_scores, val_labels):
    return np.array([best_f1_threshold(val_scores[:, c], val_labels[:, c]) for c in range(val_scores.shape[1])])
