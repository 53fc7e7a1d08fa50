import argparse

import torch

from heatsim.grid import make_grid
from heatsim.solver import HeatSolver


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="mps" if torch.backends.mps.is_available() else "cpu")
    ap.add_argument("--steps", type=int, default=100)
    args = ap.parse_args()
    solver = HeatSolver(make_grid(), torch.device(args.device))
    u = solver.run(args.steps)
    print("total heat", float(u.sum()))


if __name__ == "__main__":
    main()
