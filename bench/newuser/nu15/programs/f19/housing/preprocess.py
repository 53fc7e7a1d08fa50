"""Feature pipeline: imputation, scaling, one-hot encoding."""
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

NUMERIC = ["sqft", "bedrooms", "age"]
CATEGORICAL = ["district"]


def synthetic_listings(n=400, seed=1):
    rng = np.random.default_rng(seed)
    df = pd.DataFrame({
        "sqft": rng.normal(1500, 400, n),
        "bedrooms": rng.integers(1, 6, n).astype(float),
        "age": rng.integers(0, 80, n).astype(float),
        "district": rng.choice(["north", "south", "east", "west"], n),
    })
    df.loc[rng.random(n) < 0.05, "age"] = np.nan
    df["price"] = 100 * df.sqft + 5000 * df.bedrooms - 300 * df.age.fillna(40) + rng.normal(0, 2e4, n)
    return df


def build_pipeline():
    numeric = Pipeline([("impute", SimpleImputer(strategy="median")), ("scale", StandardScaler())])
    return ColumnTransformer([
        ("num", numeric, NUMERIC),
        ("cat", OneHotEncoder(sparse_output=False, handle_unknown="ignore"), CATEGORICAL),
    ])
