"""Heat-equation solver: double precision where the device has it, single precision on MPS."""
import torch


def pick_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def solve_heat(n, steps, device, kappa=0.1):
    dtype = torch.float32 if device.type == "mps" else torch.float64
    x = torch.linspace(0.0, 1.0, n, device=device, dtype=dtype)
    u = torch.sin(torch.pi * x)
    dx = 1.0 / (n - 1)
    dt = 0.4 * dx * dx / kappa
    for _ in range(steps):
        lap = torch.zeros_like(u)
        lap[1:-1] = (u[2:] - 2 * u[1:-1] + u[:-2]) / dx ** 2
        u = u + dt * kappa * lap
    return u, steps * dt


if __name__ == "__main__":
    device = pick_device()
    u, t_end = solve_heat(101, 200, device)
    exact = torch.exp(torch.tensor(-0.1 * torch.pi ** 2 * t_end))
    print(f"peak {u.max().item():.5f} exact {exact.item():.5f} ({u.dtype})")
