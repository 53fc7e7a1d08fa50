import numpy as np


def polynomial_design(x, degree):
    x = np.asarray(x)
    columns = [np.ones((len(x), 1))]
    for d in range(1, degree + 1):
        columns.append((x ** d)[:, None])
    return np.hstack(columns)


def noisy_cubic(n=200, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.uniform(-1, 1, n)
    y = 0.5 - x + 2 * x ** 3 + 0.05 * rng.standard_normal(n)
    return x, y
