import tempfile

import numpy as np
import torch

from labelprop.graph import default_edge_file, load_transition
from labelprop.propagate import label_propagation, to_torch_sparse

CONFIG = {"alpha": 0.85, "iters": 40, "device": "mps" if torch.backends.mps.is_available() else "cpu"}


def main():
    with tempfile.TemporaryDirectory() as tmp:
        coo, n = load_transition(default_edge_file(tmp))
    P = to_torch_sparse(coo, CONFIG["device"])
    seeds = {0: 0, 5: 0, 160: 1, 170: 1}
    pred = label_propagation(P, seeds, 2, CONFIG["alpha"], CONFIG["iters"]).cpu().numpy()
    truth = np.arange(n) >= n // 2
    print("agreement with communities:", max((pred == truth).mean(), (pred != truth).mean()))


if __name__ == "__main__":
    main()
