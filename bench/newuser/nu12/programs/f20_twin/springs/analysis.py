import torch


def hamiltonian(traj, k, mass, rest):
    q, p = traj[:, 0], traj[:, 1]
    kinetic = (p ** 2).sum(-1) / (2 * mass)
    potential = 0.5 * k * ((q[:, 1:] - q[:, :-1] - rest) ** 2).sum(-1)
    return kinetic + potential


def energy_report(snapshots, system, device):
    traj = torch.stack([torch.as_tensor(s, dtype=torch.float32, device=device) for s in snapshots])
    energy = hamiltonian(traj, system.k, system.mass, system.rest)
    drift = (energy - energy[0]).abs().max() / energy[0]
    return energy[0].item(), drift.item()
