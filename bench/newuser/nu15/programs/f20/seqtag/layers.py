"""Shared layers."""
import numpy as np
import torch


def sinusoid_table(n_position, d_hid):
    position = np.arange(n_position)[:, None]
    i = np.arange(d_hid)[None, :]
    angle = position / np.power(10000, 2 * (i // 2) / d_hid)
    table = np.zeros((n_position, d_hid))
    table[:, 0::2] = np.sin(angle[:, 0::2])
    table[:, 1::2] = np.cos(angle[:, 1::2])
    return torch.from_numpy(table).unsqueeze(0)
