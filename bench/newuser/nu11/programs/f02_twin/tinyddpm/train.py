import torch
import torch.nn.functional as F

from tinyddpm.model import Denoiser
from tinyddpm.schedule import NoiseScheduler

DEVICE = "cuda" if torch.cuda.is_available() else ("mps" if torch.backends.mps.is_available() else "cpu")


def add_noise(coefs, x0, noise, t):
    a = coefs["sqrt_ab"][t].to(x0.dtype).view(-1, 1)
    b = coefs["sqrt_1m_ab"][t].to(x0.dtype).view(-1, 1)
    return a * x0 + b * noise


def main():
    torch.manual_seed(0)
    sched = NoiseScheduler(num_steps=50)
    coefs = {name: table.to(DEVICE) for name, table in sched.tables().items()}
    model = Denoiser(num_steps=50).to(DEVICE)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    data = torch.randn(64, 2)
    for step in range(2):
        x0 = data.to(DEVICE)
        t = torch.randint(0, sched.num_steps, (x0.shape[0],), device=DEVICE)
        noise = torch.randn_like(x0)
        xt = add_noise(coefs, x0, noise, t)
        loss = F.mse_loss(model(xt, t), noise)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
