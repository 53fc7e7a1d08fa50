import math

import numpy as np


def sinusoid_table(max_len, d_model):
    """The Transformer's sinusoidal position table, shape (max_len, d_model)."""
    position = np.arange(max_len)[:, None]
    div_term = np.exp(np.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))
    table = np.zeros((max_len, d_model))
    table[:, 0::2] = np.sin(position * div_term)
    table[:, 1::2] = np.cos(position * div_term)
    return table
