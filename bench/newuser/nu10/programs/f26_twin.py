"""Steady-state temperature in a plate (Laplace equation) by Jacobi iteration."""
import argparse

import torch


def default_device():
    return "mps" if torch.backends.mps.is_available() else "cpu"


def solve_plate(n=96, top=100.0, left=0.0, right=0.0, bottom=25.0, tol=1e-4, max_iter=20000, device="cpu"):
    u = torch.zeros(n, n, device=device)
    u[0, :], u[-1, :], u[:, 0], u[:, -1] = top, bottom, left, right
    for it in range(max_iter):
        interior = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
        delta = (interior - u[1:-1, 1:-1]).abs().max()
        u[1:-1, 1:-1] = interior
        if delta < tol:
            break
    return u, it


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=48)
    parser.add_argument("--device", default=default_device())
    args = parser.parse_args()
    u, iters = solve_plate(args.n, device=args.device)
    c = args.n // 2
    print(f"converged after {iters} sweeps; centre temperature {u[c, c].item():.3f}")
