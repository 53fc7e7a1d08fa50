"""2-D sinusoidal position embedding whose precision follows the device (float64 where it exists)."""
import torch
import torch.nn as nn


def build_2d_sincos(h, w, dim, temperature=10000.0, device=None):
    device = torch.device(device or "cpu")
    dtype = torch.float32 if device.type == "mps" else torch.float64
    gy, gx = torch.meshgrid(torch.arange(h, dtype=dtype, device=device),
                            torch.arange(w, dtype=dtype, device=device), indexing="ij")
    omega = torch.arange(dim // 4, dtype=dtype, device=device) / (dim // 4)
    omega = 1.0 / temperature ** omega
    out_y = gy.flatten()[:, None] * omega[None]
    out_x = gx.flatten()[:, None] * omega[None]
    pe = torch.cat([out_x.sin(), out_x.cos(), out_y.sin(), out_y.cos()], dim=1)
    return pe.to(torch.float32)[None]


class PatchEncoder(nn.Module):
    def __init__(self, dim=32, patch=4):
        super().__init__()
        self.proj = nn.Conv2d(3, dim, patch, stride=patch)
        self.dim = dim

    def forward(self, img):
        x = self.proj(img)
        b, c, h, w = x.shape
        pos = build_2d_sincos(h, w, self.dim, device=x.device)
        return x.flatten(2).transpose(1, 2) + pos


def main():
    device = torch.device("mps") if torch.backends.mps.is_available() else torch.device("cpu")
    enc = PatchEncoder().to(device)
    tokens = enc(torch.randn(2, 3, 32, 32, device=device))
    print(tokens.shape, tokens.dtype)


if __name__ == "__main__":
    main()
