import torch

from nbody.initial import G


class LeapfrogSimulator:
    def __init__(self, state, device, softening=0.05):
        self.device = device
        self.softening = softening
        self.pos, self.vel, self.mass = (
            torch.as_tensor(state[key], device=self.device) for key in ("pos", "vel", "mass")
        )

    def accelerations(self):
        diff = self.pos[None, :, :] - self.pos[:, None, :]
        dist2 = (diff ** 2).sum(-1) + self.softening ** 2
        inv3 = dist2 ** -1.5
        return G * (diff * (self.mass[None, :, None] * inv3[:, :, None])).sum(1)

    def energy(self):
        kinetic = 0.5 * (self.mass * (self.vel ** 2).sum(-1)).sum()
        diff = self.pos[None] - self.pos[:, None]
        dist = ((diff ** 2).sum(-1) + self.softening ** 2).sqrt()
        pot = -0.5 * G * (self.mass[:, None] * self.mass[None, :] / dist).sum()
        return float(kinetic + pot)

    def run(self, steps, dt=1e-3):
        acc = self.accelerations()
        for _ in range(steps):
            self.vel += 0.5 * dt * acc
            self.pos += dt * self.vel
            acc = self.accelerations()
            self.vel += 0.5 * dt * acc
        return self
