import numpy as np
import pandas as pd
from sklearn.preprocessing import KBinsDiscretizer


def demo_frame(n=300, seed=0):
    rng = np.random.default_rng(seed)
    return pd.DataFrame({
        "income": rng.lognormal(10, 0.5, n),
        "age": rng.integers(18, 90, n),
        "tenure": rng.exponential(5.0, n),
    })


def quantile_edges(df, columns, n_bins=8):
    kbd = KBinsDiscretizer(n_bins=n_bins, encode="ordinal", strategy="quantile", quantile_method="averaged_inverted_cdf")
    kbd.fit(df[columns])
    return [edges[1:-1] for edges in kbd.bin_edges_]
