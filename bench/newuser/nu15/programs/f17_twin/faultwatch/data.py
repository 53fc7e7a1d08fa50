"""Load and clean the sensor log exported by the plant historian."""
import io

import numpy as np
import pandas as pd

HISTORIAN_CSV = """timestamp,line,temp_c,pressure_kpa,vibration_mm_s,rpm,fault
""" + "\n".join(
    f"2024-01-01 00:{i // 60:02d}:{i % 60:02d},L{i % 3},{60 + (i * 7) % 13},{101 + (i * 3) % 5},{(i * 11) % 17 / 10},{1400 + (i * 37) % 200},{int(i % 9 == 0)}"
    for i in range(300)
)

FEATURES = ["temp_c", "pressure_kpa", "vibration_mm_s", "rpm"]


def load_log():
    df = pd.read_csv(io.StringIO(HISTORIAN_CSV), parse_dates=["timestamp"])
    df = df.sort_values("timestamp")
    df["vibration_mm_s"] = df["vibration_mm_s"].rolling(5, min_periods=1).mean()
    for col in FEATURES:
        df[col] = (df[col] - df[col].mean()) / (df[col].std() + 1e-9)
    return df


def split(df, frac=0.8):
    cut = int(len(df) * frac)
    return df.iloc[:cut], df.iloc[cut:]


def class_balance(df):
    return float(np.mean(df["fault"]))
