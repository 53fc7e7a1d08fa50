import argparse

import torch

from .analysis import energy_report
from .integrate import velocity_verlet
from .system import SpringChain


def main(argv=()):
    parser = argparse.ArgumentParser(description="spring-chain energy check")
    parser.add_argument("--device", default="mps" if torch.backends.mps.is_available() else "cpu")
    parser.add_argument("--masses", type=int, default=8)
    args = parser.parse_args(list(argv))
    system = SpringChain(args.masses)
    q, p = system.initial_state()
    e0, drift = energy_report(velocity_verlet(system, q, p), system, torch.device(args.device))
    print(f"E0={e0:.4f} relative drift={drift:.2e}")


if __name__ == "__main__":
    main()
