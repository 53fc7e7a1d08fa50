"""Temperature scaling (Guo et al., 2017), fitted with SciPy on held-out logits."""
import numpy as np
from scipy.optimize import minimize_scalar
from scipy.special import log_softmax


def nll(temperature, logits, labels):
    logp = log_softmax(logits / temperature, axis=1)
    return -logp[np.arange(len(labels)), labels].mean()


def fit_temperature(logits, labels):
    result = minimize_scalar(nll, bounds=(0.05, 10.0), method="bounded", args=(logits, labels))
    return result.x
