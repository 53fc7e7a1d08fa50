import numpy as np
import torch


def rope_inverse_frequencies(head_dim, base=10000):
    return 1.0 / (base ** (np.arange(0, head_dim, 2) / head_dim))


class RotaryCache:
    def __init__(self, head_dim, max_len=256, base=10000):
        angles = np.outer(np.arange(max_len), rope_inverse_frequencies(head_dim, base))
        angles = np.concatenate([angles, angles], axis=-1)
        self.cos = torch.from_numpy(np.cos(angles))
        self.sin = torch.from_numpy(np.sin(angles))

    def apply(self, q, k):
        T = q.shape[-2]
        cos = self.cos[:T].to(q.device)
        sin = self.sin[:T].to(q.device)
        return (_rotate(q, cos, sin).to(q.dtype), _rotate(k, cos, sin).to(k.dtype))


def _rotate(x, cos, sin):
    half = x.shape[-1] // 2
    rotated = torch.cat([-x[..., half:], x[..., :half]], dim=-1)
    return x * cos + rotated * sin
