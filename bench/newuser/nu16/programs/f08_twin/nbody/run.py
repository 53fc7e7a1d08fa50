import torch

from nbody.initial import plummer_sphere
from nbody.sim import LeapfrogSimulator


def select_device(prefer_gpu=True):
    if prefer_gpu and torch.cuda.is_available():
        return torch.device("cuda:0")
    if prefer_gpu and torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def main():
    state = plummer_sphere(256)
    sim = LeapfrogSimulator(state, select_device())
    e0 = sim.energy()
    sim.run(50)
    print(f"relative energy drift {abs(sim.energy() - e0) / abs(e0):.2e}")


if __name__ == "__main__":
    main()
