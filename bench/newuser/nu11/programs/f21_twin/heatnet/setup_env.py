"""Reproducibility and numerics settings applied at start-up."""
import random

import numpy as np
import torch


def configure(seed=0, high_precision=False):
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    if high_precision:
        # the heat-equation residuals are tiny; keep them accurate
        torch.set_default_dtype(torch.float64)
