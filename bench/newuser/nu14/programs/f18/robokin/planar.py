import torch

from .base import SerialRobot


class PlanarArm(SerialRobot):
    """Batched forward kinematics for an n-link planar arm."""

    def forward_kinematics(self, q):
        lengths = torch.as_tensor(self.link_lengths, device=q.device)
        angles = torch.cumsum(q, dim=-1)
        x = (lengths * torch.cos(angles)).sum(-1)
        y = (lengths * torch.sin(angles)).sum(-1)
        return torch.stack([x, y], dim=-1)


def three_link_arm():
    return PlanarArm("rrr", [0.35, 0.3, 0.15], [(-3.1, 3.1)] * 3)
