"""Diffusion noise schedule whose dtype follows the device: float64 where the device has it, float32 on MPS."""
import torch


def schedule_dtype(device):
    return torch.float32 if torch.device(device).type == "mps" else torch.float64


def linear_schedule(timesteps, device):
    dtype = schedule_dtype(device)
    betas = torch.linspace(1e-4, 0.02, timesteps, dtype=dtype, device=device)
    alphas_bar = torch.cumprod(1 - betas, dim=0)
    return betas, alphas_bar


def snr_reference(alphas_bar):
    if alphas_bar.device.type != "mps":
        precise = alphas_bar.double()
        return (precise / (1 - precise)).log10()
    return (alphas_bar / (1 - alphas_bar)).log10()


def main():
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    betas, alphas_bar = linear_schedule(1000, device)
    snr = snr_reference(alphas_bar)
    x0 = torch.randn(4, 8, device=device)
    t = torch.tensor([0, 250, 500, 999], device=device)
    a = alphas_bar[t].to(x0.dtype)[:, None]
    xt = a.sqrt() * x0 + (1 - a).sqrt() * torch.randn_like(x0)
    print(betas.dtype, f"log10 SNR range {snr.min().item():.2f}..{snr.max().item():.2f}", tuple(xt.shape))


if __name__ == "__main__":
    main()
