import torch


def accelerations(pos, mass, softening=0.05):
    diff = pos[None, :, :] - pos[:, None, :]
    dist2 = (diff ** 2).sum(-1) + softening ** 2
    inv = dist2 ** -1.5
    return (diff * (inv * mass[None, :])[..., None]).sum(1)


def leapfrog(pos, vel, mass, dt, steps):
    acc = accelerations(pos, mass)
    for _ in range(steps):
        vel = vel + 0.5 * dt * acc
        pos = pos + dt * vel
        acc = accelerations(pos, mass)
        vel = vel + 0.5 * dt * acc
    return pos, vel


def energy(pos, vel, mass, softening=0.05):
    kinetic = 0.5 * (mass * (vel ** 2).sum(-1)).sum()
    diff = pos[None] - pos[:, None]
    dist = ((diff ** 2).sum(-1) + softening ** 2).sqrt()
    potential = -0.5 * (mass[None] * mass[:, None] / dist).sum()
    return kinetic + potential
