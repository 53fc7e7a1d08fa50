"""Sliding windows over a sample stream."""
from collections import deque

import numpy as np


def sliding_windows(stream, size=50, hop=25):
    buf = deque(maxlen=size)
    for i, sample in enumerate(stream):
        buf.append(sample)
        if len(buf) == size and (i + 1 - size) % hop == 0:
            yield np.stack(buf)


def batched(windows, batch_size):
    batch = []
    for w in windows:
        batch.append(w)
        if len(batch) == batch_size:
            yield np.stack(batch)
            batch = []
    if batch:
        yield np.stack(batch)
