import torch

from .gp import ExactGP


def accelerator():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def main():
    device = accelerator()
    dtype = torch.float32 if device.type == "mps" else torch.float64
    gp = ExactGP(dtype=dtype).to(device)
    param = next(gp.parameters())
    x = torch.linspace(0, 5, 40, device=device, dtype=param.dtype)[:, None]
    y = torch.sin(2 * x[:, 0]) + 0.1 * torch.randn(40, device=device, dtype=param.dtype)
    opt = torch.optim.Adam(gp.parameters(), lr=0.05)
    for _ in range(30):
        loss = gp.neg_log_marginal_likelihood(x, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    x_test = torch.linspace(0, 5, 7, device=device, dtype=param.dtype)[:, None]
    print(gp.predict(x, y, x_test))


if __name__ == "__main__":
    main()
