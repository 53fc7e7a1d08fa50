import torch


class Integrator:
    def __init__(self, cfg, device):
        self.cfg = cfg
        self.device = device
        self.g = torch.as_tensor(cfg.gravity, device=device)
        self.half_box = torch.as_tensor(cfg.box / 2, device=device)

    def step(self, pos, vel):
        diff = pos[:, None, :] - pos[None, :, :]
        dist3 = (diff.pow(2).sum(-1) + self.cfg.softening**2) ** 1.5
        acc = -(diff / dist3[..., None]).sum(1) + self.g.to(pos.dtype)
        vel = vel + self.cfg.dt * acc
        pos = pos + self.cfg.dt * vel
        hb = self.half_box.to(pos.dtype)
        pos = torch.maximum(torch.minimum(pos, hb), -hb)
        return pos, vel
