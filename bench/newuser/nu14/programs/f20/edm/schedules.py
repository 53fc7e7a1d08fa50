"""Noise-level schedules (EDM / Karras et al. 2022)."""
import numpy as np


def training_sigmas(num_train_steps=1000, beta_start=0.00085, beta_end=0.012):
    betas = np.linspace(beta_start ** 0.5, beta_end ** 0.5, num_train_steps) ** 2
    alphas_cumprod = np.cumprod(1.0 - betas)
    return ((1 - alphas_cumprod) / alphas_cumprod) ** 0.5


def karras_sigmas(sigma_min, sigma_max, n, rho=7.0):
    ramp = np.linspace(0, 1, n)
    min_inv, max_inv = sigma_min ** (1 / rho), sigma_max ** (1 / rho)
    return (max_inv + ramp * (min_inv - max_inv)) ** rho


def sigma_to_t(sigmas, train_sigmas):
    log_sigmas = np.log(train_sigmas)
    return np.interp(np.log(sigmas), log_sigmas, np.arange(len(train_sigmas)))
