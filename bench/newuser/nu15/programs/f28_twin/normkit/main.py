import random

import torch
import torch.nn as nn

from normkit.torch_norm import TorchNormalizer


def get_device(prefer=("cuda", "mps")):
    for kind in prefer:
        if kind == "cuda" and torch.cuda.is_available():
            return torch.device(kind)
        if kind == "mps" and torch.backends.mps.is_available():
            return torch.device(kind)
    return torch.device("cpu")


def main():
    random.seed(0)
    rows = [[random.gauss(50, 10), random.gauss(0.3, 0.1), random.randint(0, 9)] for _ in range(500)]
    device = get_device()
    norm = TorchNormalizer().fit(rows).to_torch(device)
    model = nn.Linear(3, 1).to(device)
    x = torch.tensor(rows[:32], device=device)
    print(model(norm(x)).mean().item())


if __name__ == "__main__":
    main()
