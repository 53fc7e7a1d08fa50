import torch

from .planar import three_link_arm


def solve_ik(arm, targets, device, iters=50, lr=0.1):
    q = torch.zeros(targets.shape[0], arm.dof, device=device, requires_grad=True)
    opt = torch.optim.Adam([q], lr=lr)
    for _ in range(iters):
        err = ((arm.forward_kinematics(q) - targets) ** 2).sum(-1).mean()
        opt.zero_grad()
        err.backward()
        opt.step()
    return q.detach(), err.item()


if __name__ == "__main__":
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    arm = three_link_arm()
    targets = torch.tensor([[0.4, 0.2], [0.1, 0.5], [-0.3, 0.3]], device=device)
    q, err = solve_ik(arm, targets, device)
    print("final error", err)
