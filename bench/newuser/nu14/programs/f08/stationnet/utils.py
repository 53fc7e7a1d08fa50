import torch


def get_device(prefer_gpu=True):
    if prefer_gpu and torch.cuda.is_available():
        return torch.device("cuda:0")
    if prefer_gpu and torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def normalize_prior(prior):
    import numpy as np

    prior = np.asarray(prior)
    return prior / prior.sum()
