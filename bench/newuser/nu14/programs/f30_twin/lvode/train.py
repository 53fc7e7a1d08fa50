import tempfile

import torch

from .data import TrajectoryStore
from .datagen import generate
from .model import ODEFunc, rk4_rollout


def main(iters=10):
    device = "cuda" if torch.cuda.is_available() else ("mps" if torch.backends.mps.is_available() else "cpu")
    with tempfile.TemporaryDirectory() as folder:
        generate(folder)
        store = TrajectoryStore(folder)
    traj = torch.as_tensor(store.normalized(), dtype=torch.float32).to(device)
    times = torch.as_tensor(store.times, dtype=torch.float32, device=device)
    func = ODEFunc().to(device)
    opt = torch.optim.Adam(func.parameters(), lr=1e-2)
    for _ in range(iters):
        pred = rk4_rollout(func, traj[:, 0].float(), times[:20])
        loss = (pred - traj[:, :20]).abs().mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("loss", loss.item())


if __name__ == "__main__":
    main()
