"""Sensor anomaly flags: robust min-max scaling of raw ADC counts, rolling z-scores on the device."""
import numpy as np
import torch


def make_robust_scaler(reference, low_q=1, high_q=99):
    lo, hi = np.percentile(reference, [low_q, high_q])
    span = hi - lo

    def scale(raw):
        return np.clip((raw - lo) / span, 0.0, 1.0)

    return scale


def rolling_zscore(series, window):
    padded = torch.nn.functional.pad(series[None, None], (window - 1, 0), mode="replicate")[0, 0]
    windows = padded.unfold(0, window, 1)
    mean = windows.mean(-1)
    std = windows.std(-1).clamp_min(1e-6)
    return (series - mean) / std


def read_adc(n, seed):
    rng = np.random.default_rng(seed)
    counts = (2048 + 300 * np.sin(np.arange(n) / 50) + rng.normal(0, 20, n)).astype(np.int16)
    counts[rng.choice(n, 5, replace=False)] += 900
    return counts


def main(device_name=None):
    device = torch.device(device_name or ("mps" if torch.backends.mps.is_available() else "cpu"))
    calibration = read_adc(5000, seed=0)
    scale = make_robust_scaler(calibration)
    live = read_adc(2000, seed=1)
    series = torch.tensor(scale(live), dtype=torch.float32).to(device)
    z = rolling_zscore(series, window=64)
    flagged = torch.nonzero(z.abs() > 4).flatten().tolist()
    print("anomalies at", flagged[:10])


if __name__ == "__main__":
    main()
