"""2-D sin/cos position grid for a ViT; the dtype follows the device (float64 off MPS)."""
import torch
import torch.nn as nn


def grid_embedding(h, w, dim, temperature=10000.0, device=None):
    device = torch.device(device or "cpu")
    compute_dtype = torch.float32 if device.type == "mps" else torch.float64
    ys, xs = torch.meshgrid(torch.arange(h, dtype=compute_dtype, device=device),
                            torch.arange(w, dtype=compute_dtype, device=device), indexing="ij")
    omega = torch.arange(dim // 4, dtype=compute_dtype, device=device) / (dim // 4)
    omega = 1.0 / temperature ** omega
    ys = ys.flatten()[:, None] * omega[None]
    xs = xs.flatten()[:, None] * omega[None]
    return torch.cat([xs.sin(), xs.cos(), ys.sin(), ys.cos()], dim=1).float()


class PatchEmbed(nn.Module):
    def __init__(self, img=32, patch=8, dim=64, device=None):
        super().__init__()
        self.proj = nn.Conv2d(3, dim, patch, stride=patch, device=device)
        n = img // patch
        self.register_buffer("pos", grid_embedding(n, n, dim, device=device))

    def forward(self, x):
        return self.proj(x).flatten(2).transpose(1, 2) + self.pos


if __name__ == "__main__":
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    embed = PatchEmbed(device=device)
    print(embed(torch.randn(2, 3, 32, 32, device=device)).shape)
