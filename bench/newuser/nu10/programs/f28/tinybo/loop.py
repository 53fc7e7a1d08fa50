import numpy as np
import torch

from tinybo.gp import ucb
from tinybo.space import Box, branin


def main(n_init=8, n_iter=20):
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    box = Box([-5.0, 0.0], [10.0, 15.0])
    X = box.sample(n_init)
    y = branin(X)
    for it in range(n_iter):
        candidates = box.sample(512)
        best = candidates[np.argmax(ucb(X, y, candidates, device))]
        X = np.vstack([X, best])
        y = np.append(y, branin(best))
    print(f"best value {y.min():.3f} at {X[np.argmin(y)].round(2)} (global minimum 0.398)")


if __name__ == "__main__":
    main()
