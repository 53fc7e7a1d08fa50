import numpy as np


def sliding_windows(frame, lookback=14, horizon=1, batch_size=16):
    values = frame[["demand", "dow", "lag7", "roll7"]].to_numpy()
    target = frame["demand"].to_numpy()
    xs, ys = [], []
    for end in range(lookback, len(values) - horizon + 1):
        xs.append(values[end - lookback:end])
        ys.append(target[end:end + horizon])
        if len(xs) == batch_size:
            yield np.stack(xs), np.stack(ys)
            xs, ys = [], []
