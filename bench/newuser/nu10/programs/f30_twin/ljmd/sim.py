import os
import tempfile

import torch

from ljmd.io import read_xyz, write_lattice_xyz


def lj_energy(pos, box, cutoff=2.5):
    d = pos[:, None, :] - pos[None, :, :]
    d = d - box * torch.round(d / box)  # minimum image
    r2 = (d**2).sum(-1) + torch.eye(len(pos), device=pos.device, dtype=pos.dtype)
    inv6 = (1.0 / r2) ** 3
    e = 4 * (inv6**2 - inv6) * (r2 < cutoff**2) * (1 - torch.eye(len(pos), device=pos.device))
    return 0.5 * e.sum()


def run(frame, device, steps=100, dt=0.002, temperature=0.7):
    pos = torch.tensor(frame.positions, device=device, requires_grad=True)
    vel = torch.randn_like(pos) * temperature**0.5
    for step in range(steps):
        energy = lj_energy(pos, frame.box)
        (grad,) = torch.autograd.grad(energy, pos)
        with torch.no_grad():
            vel -= 0.5 * dt * grad
            pos += dt * vel
            pos.remainder_(frame.box)
        (grad,) = torch.autograd.grad(lj_energy(pos, frame.box), pos)
        with torch.no_grad():
            vel -= 0.5 * dt * grad
    kinetic = 0.5 * (vel**2).sum().item()
    return energy.item(), kinetic


if __name__ == "__main__":
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    path = os.path.join(tempfile.mkdtemp(), "argon.xyz")
    write_lattice_xyz(path)
    frame = read_xyz(path)
    potential, kinetic = run(frame, device)
    print(f"{len(frame.symbols)} atoms: potential {potential:.2f}, kinetic {kinetic:.2f}")
