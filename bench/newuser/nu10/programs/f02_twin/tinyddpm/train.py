import torch
import torch.nn as nn

from tinyddpm.schedule import NoiseSchedule


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


class Denoiser(nn.Module):
    def __init__(self, hidden=128):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(3, hidden), nn.SiLU(), nn.Linear(hidden, hidden), nn.SiLU(), nn.Linear(hidden, 2))

    def forward(self, x, t):
        return self.net(torch.cat([x, t[:, None]], dim=1))


def extract(arr, t, shape):
    """Gather schedule values for timesteps t, broadcastable to shape."""
    out = torch.from_numpy(arr).float().to(device=t.device)[t]
    while out.dim() < len(shape):
        out = out[..., None]
    return out


def main():
    device = get_device()
    sched = NoiseSchedule(100)
    model = Denoiser().to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3)
    for it in range(200):
        x0 = torch.randn(256, 2, device=device) * torch.tensor([1.0, 0.3], device=device)
        t = torch.randint(0, sched.num_steps, (256,), device=device)
        noise = torch.randn_like(x0)
        xt = extract(sched.sqrt_ab, t, x0.shape) * x0 + extract(sched.sqrt_1m_ab, t, x0.shape) * noise
        loss = ((model(xt, t.float() / sched.num_steps) - noise) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(f"loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
