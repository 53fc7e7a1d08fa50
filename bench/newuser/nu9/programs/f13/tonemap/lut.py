import numpy as np


class ToneLUT:
    def __init__(self, table):
        self.table = table

    @classmethod
    def from_curve(cls, curve, size=256):
        xs = np.linspace(0.0, 1.0, size)
        return cls(np.clip(curve(xs), 0.0, 1.0))

    def __len__(self):
        return len(self.table)
