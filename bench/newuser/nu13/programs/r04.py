"""2-D sinusoidal position embedding whose working precision follows the device."""
import torch
from torch import nn


def position_grid(h, w, dim, device, temperature=10000.0):
    # float64 where the device has it, float32 on MPS; cast to the model's dtype at the end
    work = torch.float32 if torch.device(device).type == "mps" else torch.float64
    ys, xs = torch.meshgrid(torch.arange(h, dtype=work, device=device),
                            torch.arange(w, dtype=work, device=device), indexing="ij")
    omega = torch.arange(dim // 4, dtype=work, device=device) / (dim // 4)
    omega = 1.0 / temperature ** omega
    out_y = ys.flatten()[:, None] * omega[None]
    out_x = xs.flatten()[:, None] * omega[None]
    return torch.cat([out_x.sin(), out_x.cos(), out_y.sin(), out_y.cos()], dim=1)


class PatchEncoder(nn.Module):
    def __init__(self, dim=32, patch=4):
        super().__init__()
        self.proj = nn.Conv2d(3, dim, patch, stride=patch)
        self.dim = dim

    def forward(self, images):
        x = self.proj(images)
        b, c, h, w = x.shape
        pos = position_grid(h, w, self.dim, x.device).to(x.dtype)
        return x.flatten(2).transpose(1, 2) + pos[None]


def main():
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    enc = PatchEncoder().to(device)
    out = enc(torch.rand(2, 3, 32, 32, device=device))
    print(tuple(out.shape), out.dtype)


if __name__ == "__main__":
    main()
