"""Explicit-feedback ratings with per-user mean centring."""
import numpy as np

from recsys.batch import Batch


def synth_ratings(n_users=20, n_items=30, n=300, seed=0):
    rng = np.random.default_rng(seed)
    users = rng.integers(0, n_users, n)
    items = rng.integers(0, n_items, n)
    ratings = rng.integers(1, 6, n)
    return users, items, ratings


def centred(users, ratings, n_users):
    sums = np.bincount(users, weights=ratings, minlength=n_users)
    counts = np.maximum(np.bincount(users, minlength=n_users), 1)
    return ratings - (sums / counts)[users]


def batches(users, items, ratings, batch_size=64):
    for start in range(0, len(users), batch_size):
        sl = slice(start, start + batch_size)
        yield Batch(users[sl], items[sl], ratings[sl])
