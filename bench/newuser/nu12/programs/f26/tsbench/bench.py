import torch
from torch.utils.data import DataLoader

from .baselines import exp_smoothing, seasonal_naive, smape
from .series import SlidingWindows


class Settings:
    def __init__(self):
        self.device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
        self.batch_size = 16


def main():
    settings = Settings()
    loader = DataLoader(SlidingWindows(), batch_size=settings.batch_size)
    scores = {"seasonal_naive": [], "exp_smoothing": []}
    for context, target in loader:
        context = context.to(settings.device)
        target = target.to(settings.device)
        horizon = target.shape[1]
        scores["seasonal_naive"].append(smape(seasonal_naive(context, horizon), target))
        scores["exp_smoothing"].append(smape(exp_smoothing(context, horizon), target))
    for name, parts in scores.items():
        print(f"{name:15s} sMAPE {torch.cat(parts).mean().item():.3f}")


if __name__ == "__main__":
    main()
