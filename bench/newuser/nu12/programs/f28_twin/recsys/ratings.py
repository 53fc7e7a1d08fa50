"""A MovieLens-like ratings table, generated, with its summary statistics."""
import numpy as np
import pandas as pd


def load_ratings(n_users=50, n_items=40, n_ratings=1500, seed=0):
    rng = np.random.default_rng(seed)
    taste = rng.normal(size=(n_users, 3))
    genre = rng.normal(size=(n_items, 3))
    users = rng.integers(0, n_users, n_ratings)
    items = rng.integers(0, n_items, n_ratings)
    score = 3.5 + (taste[users] * genre[items]).sum(1) * 0.5 + rng.normal(0, 0.3, n_ratings)
    frame = pd.DataFrame({"user_id": users, "item_id": items, "rating": np.clip(score.round(), 1, 5).astype(int)})
    return frame.drop_duplicates(["user_id", "item_id"]).reset_index(drop=True)


def summary(frame):
    return {
        "n_users": int(frame.user_id.max()) + 1,
        "n_items": int(frame.item_id.max()) + 1,
        "global_mean": frame.rating.mean(),
    }
