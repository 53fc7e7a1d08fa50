"""Ratings table -> index-encoded tensors for matrix factorisation."""
import numpy as np
import pandas as pd
import torch
from torch.utils.data import TensorDataset


def synthetic_ratings(n_users=50, n_items=40, n_ratings=800, seed=0):
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame({
        "user_id": [f"u{u}" for u in rng.integers(0, n_users, n_ratings)],
        "item_id": [f"i{i}" for i in rng.integers(0, n_items, n_ratings)],
        "stars": rng.integers(1, 6, n_ratings),
    })
    return frame.drop_duplicates(["user_id", "item_id"])


def encode(frame):
    users = frame["user_id"].astype("category")
    items = frame["item_id"].astype("category")
    frame = frame.assign(
        user_idx=users.cat.codes.astype("int64"),
        item_idx=items.cat.codes.astype("int64"),
        rating=(frame["stars"] - frame["stars"].mean()) / frame["stars"].std(),
    )
    return frame, len(users.cat.categories), len(items.cat.categories)


def to_dataset(frame):
    return TensorDataset(
        torch.tensor(frame["user_idx"].to_numpy()),
        torch.tensor(frame["item_idx"].to_numpy()),
        torch.tensor(frame["rating"].to_numpy(), dtype=torch.float32),
    )
