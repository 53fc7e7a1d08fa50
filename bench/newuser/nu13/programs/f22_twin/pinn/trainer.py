import torch

from .geometry import forcing, unit_square_points
from .network import MLP


class PoissonTrainer:
    """Solves -laplace(u) = f on the unit square with u = 0 on the boundary."""

    def __init__(self, device, lr=1e-3):
        self.device = device
        self.model = MLP().to(device)
        interior, boundary = unit_square_points()
        self.xy = torch.tensor(interior, dtype=torch.float32, device=self.device).requires_grad_()
        self.f = torch.tensor(forcing(interior), dtype=torch.float32, device=self.device)
        self.xb = torch.tensor(boundary, dtype=torch.float32, device=self.device)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=lr)

    def residual(self):
        u = self.model(self.xy)
        grad = torch.autograd.grad(u.sum(), self.xy, create_graph=True)[0]
        lap = 0
        for i in range(2):
            lap = lap + torch.autograd.grad(grad[:, i].sum(), self.xy, create_graph=True)[0][:, i]
        return -lap - self.f

    def step(self):
        loss = self.residual().pow(2).mean() + 10 * self.model(self.xb).pow(2).mean()
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()
