"""Explicit finite-difference heat solver in torch."""
import torch
import torch.nn.functional as F

LAPLACE = torch.tensor([[0.0, 1.0, 0.0], [1.0, -4.0, 1.0], [0.0, 1.0, 0.0]])


class HeatSolver:
    def __init__(self, grid, device):
        self.grid = grid
        self.device = device
        self.u = torch.as_tensor(grid.initial, device=device)
        self.kappa = torch.as_tensor(grid.diffusivity, device=device)
        self.kernel = LAPLACE.to(device)[None, None]

    def stable_dt(self):
        return 0.2 * self.grid.dx ** 2 / float(self.kappa.max())

    def step(self, dt):
        u = self.u[None, None].float()
        lap = F.conv2d(F.pad(u, (1, 1, 1, 1), mode="replicate"), self.kernel)[0, 0] / self.grid.dx ** 2
        self.u = self.u + dt * self.kappa * lap

    def run(self, n_steps):
        dt = self.stable_dt()
        for _ in range(n_steps):
            self.step(dt)
        return self.u
