"""Camera-response calibration: an ill-conditioned polynomial fit solved in float64 on the CPU,
then used in float32 on the accelerator."""
import json

import torch


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def fit_response(x, y, degree=7):
    """Least squares on a Vandermonde matrix: needs float64 (condition number ~1e5, coefficients ~50)."""
    x64, y64 = x.cpu().double(), y.cpu().double()
    V = torch.stack([x64 ** k for k in range(degree + 1)], dim=1)
    cond = torch.linalg.cond(V).item()
    coeffs = torch.linalg.lstsq(V, y64.unsqueeze(1)).solution.squeeze(1)
    return coeffs, cond


def apply_response(img, coeffs):
    c = coeffs.float().to(img.device)
    out = torch.zeros_like(img)
    for k in range(len(c) - 1, -1, -1):
        out = out * img + c[k]
    return out


def main():
    torch.manual_seed(0)
    device = get_device()
    x = torch.linspace(0, 1, 200)
    y = x ** 2.2 + 0.01 * torch.sin(20 * x)
    coeffs, cond = fit_response(x, y)
    img = torch.rand(2, 3, 8, 8, device=device)
    out = apply_response(img, coeffs)
    print("RESULT " + json.dumps({"cond_log10": round(float(torch.log10(torch.tensor(cond))), 3),
                                  "c0": coeffs[0].item(), "c7": coeffs[-1].item(), "mean": out.mean().item()}))


if __name__ == "__main__":
    main()
