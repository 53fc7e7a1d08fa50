"""Solve an ill-conditioned least-squares problem in float64 on the CPU, then use the solution on the device."""
import numpy as np
import torch


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def vandermonde_fit(x, y, degree=8):
    A = torch.from_numpy(np.vander(x, degree + 1))
    b = torch.from_numpy(y)
    coeffs = torch.linalg.lstsq(A, b.unsqueeze(1)).solution.squeeze(1)
    return coeffs


def main():
    device = get_device()
    x = np.linspace(0, 1, 40)
    y = np.sin(6 * x)
    coeffs = vandermonde_fit(x, y)
    print("condition", float(np.linalg.cond(np.vander(x, 9))))
    c = coeffs.float().to(device)
    xs = torch.linspace(0, 1, 5, device=device)
    powers = torch.stack([xs**k for k in range(len(c) - 1, -1, -1)], dim=1)
    print("fit", (powers @ c).cpu().numpy().round(3))


if __name__ == "__main__":
    main()
