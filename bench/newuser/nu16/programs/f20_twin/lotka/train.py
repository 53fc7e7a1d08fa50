import argparse

import torch

from lotka.data import simulate
from lotka.model import VectorField, rk4_rollout


def main(argv=None):
    parser = argparse.ArgumentParser(description="fit a neural ODE to Lotka-Volterra data")
    parser.add_argument("--device", default="mps" if torch.backends.mps.is_available() else "cpu")
    parser.add_argument("--iters", type=int, default=5)
    args = parser.parse_args(argv)
    device = torch.device(args.device)

    t_eval, traj = simulate()
    times = torch.as_tensor(t_eval, dtype=torch.float32).to(device)
    target = torch.as_tensor(traj, dtype=torch.float32).to(device) / 10.0
    torch.manual_seed(0)
    field = VectorField().to(device)
    opt = torch.optim.Adam(field.parameters(), lr=1e-3)
    for it in range(args.iters):
        pred = rk4_rollout(field, target[0], times[:40])
        loss = ((pred - target[:40]) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it}: {loss.item():.4f}")


if __name__ == "__main__":
    main([])
