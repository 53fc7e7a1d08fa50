"""Framework-agnostic feature normalisers."""
import numpy as np


class BaseNormalizer:
    def fit(self, rows):
        data = np.asarray(rows)
        self.mean_ = data.mean(axis=0)
        self.scale_ = data.std(axis=0) + 1e-8
        return self

    def transform(self, rows):
        return (np.asarray(rows) - self.mean_) / self.scale_


class RobustNormalizer(BaseNormalizer):
    def fit(self, rows):
        data = np.asarray(rows)
        self.mean_ = np.median(data, axis=0)
        q75, q25 = np.percentile(data, [75, 25], axis=0)
        self.scale_ = (q75 - q25) + 1e-8
        return self
