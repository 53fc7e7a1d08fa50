import torch

from .features import build_features, daily_sales
from .forecaster import Forecaster

DEVICE = torch.device("cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu")


def main():
    torch.manual_seed(0)
    feature_set = build_features(daily_sales())
    model = Forecaster(len(feature_set.columns), DEVICE)
    print("train mse", round(model.fit(feature_set), 4))


if __name__ == "__main__":
    main()
