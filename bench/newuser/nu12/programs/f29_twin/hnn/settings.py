import os

import torch

DOUBLE_PRECISION = os.environ.get("HNN_SINGLE", "0") != "1"   # symplectic rollouts drift in fp32
HIDDEN = 64
STEPS = 150


def runtime_device():
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cuda" if torch.cuda.is_available() else "cpu")
