import numpy as np
import pandas as pd


def fake_interactions(n_users=100, n_items=200, n_events=3000, seed=0):
    rng = np.random.default_rng(seed)
    popularity = rng.zipf(1.5, n_items)
    items = rng.choice(n_items, n_events, p=popularity / popularity.sum())
    users = rng.integers(0, n_users, n_events)
    return pd.DataFrame({"user": users, "item": items, "ts": np.arange(n_events)})


def item_frequencies(events, n_items):
    counts = events["item"].value_counts().reindex(range(n_items), fill_value=0)
    return counts / counts.sum()


def skipgram_pairs(events, window=2):
    pairs = []
    for _, seq in events.sort_values("ts").groupby("user")["item"]:
        seq = seq.to_numpy()
        for i, center in enumerate(seq):
            for j in range(max(0, i - window), min(len(seq), i + window + 1)):
                if j != i:
                    pairs.append((center, seq[j]))
    return np.array(pairs, dtype=np.int64)
