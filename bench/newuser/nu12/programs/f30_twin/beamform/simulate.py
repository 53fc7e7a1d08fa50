import numpy as np
import torch


def plane_wave(array, angle_deg, sr=16000, seconds=0.25, freq=1200.0, seed=0):
    rng = np.random.default_rng(seed)
    t = np.arange(int(sr * seconds)) / sr
    delays = array.delays(angle_deg)
    mics = np.sin(2 * np.pi * freq * (t[None, :] - delays[:, None]))
    mics += 0.05 * rng.standard_normal(mics.shape)
    return torch.from_numpy(mics.astype(np.float32))
