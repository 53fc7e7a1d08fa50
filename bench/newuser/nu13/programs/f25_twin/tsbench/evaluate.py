import torch
from torch.utils.data import DataLoader

from .baselines import BASELINES, mase
from .series import load_demand
from .windows import SlidingWindows


def default_device():
    if torch.cuda.is_available():
        return "cuda"
    return "mps" if torch.backends.mps.is_available() else "cpu"


def main(context=24 * 7, horizon=48):
    device = default_device()
    loader = DataLoader(SlidingWindows(load_demand(), context, horizon), batch_size=16)
    scores = {name: [] for name in BASELINES}
    for batch in loader:
        past = batch["past"].to(device)
        future = batch["future"].to(device)
        for name, fn in BASELINES.items():
            scores[name].append(mase(fn(past, horizon), future, past).item())
    for name, vals in scores.items():
        print(f"{name}: MASE {sum(vals) / len(vals):.3f}")


if __name__ == "__main__":
    main()
