import numpy as np
import pandas as pd


def synthetic_prices(n_days=800, seed=7):
    rng = np.random.default_rng(seed)
    dates = pd.bdate_range("2020-01-01", periods=n_days)
    log_ret = 0.0003 + 0.01 * rng.standard_normal(n_days)
    close = 100 * np.exp(np.cumsum(log_ret))
    volume = rng.integers(1_000, 50_000, n_days)
    return pd.DataFrame({"close": close, "volume": volume}, index=dates)


def engineer(prices):
    df = pd.DataFrame(index=prices.index)
    df["ret_1d"] = prices["close"].pct_change()
    df["ret_5d"] = prices["close"].pct_change(5)
    df["vol_20d"] = df["ret_1d"].rolling(20).std()
    df["ma_ratio"] = prices["close"] / prices["close"].rolling(50).mean()
    df["log_volume"] = np.log(prices["volume"])
    df["dow"] = prices.index.dayofweek / 4.0
    df["target"] = (prices["close"].shift(-1) > prices["close"]).astype(int)
    return df.dropna()
