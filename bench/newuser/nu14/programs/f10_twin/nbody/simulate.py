import torch

from .initial import ensemble
from .integrator import energy, leapfrog


def device_from_env():
    return "mps" if torch.backends.mps.is_available() else "cpu"


def run(n_bodies=64, n_runs=3, dt=1e-3, steps=20):
    dev = device_from_env()
    drifts = []
    for seed, ic in ensemble(n_bodies, n_runs):
        pos, vel, mass = (torch.as_tensor(ic[k], dtype=torch.float32).to(dev) for k in ("pos", "vel", "mass"))
        e0 = energy(pos, vel, mass)
        pos, vel = leapfrog(pos, vel, mass, dt, steps)
        drifts.append(((energy(pos, vel, mass) - e0) / e0.abs()).item())
        print(f"run {seed}: relative energy drift {drifts[-1]:.2e}")
    return drifts


if __name__ == "__main__":
    run()
