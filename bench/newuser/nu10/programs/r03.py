"""2-D sinusoidal position embeddings for a ViT-style encoder; float64 where the device has it."""
import torch
import torch.nn as nn


def sincos_2d(h, w, dim, temperature=10000.0, device=None):
    device = torch.device(device or "cpu")
    # float64 keeps large-position angles exact; MPS has no float64, so use float32 there
    dtype = torch.float32 if device.type == "mps" else torch.float64
    y, x = torch.meshgrid(torch.arange(h, dtype=dtype, device=device), torch.arange(w, dtype=dtype, device=device), indexing="ij")
    omega = 1.0 / temperature ** (torch.arange(dim // 4, dtype=dtype, device=device) / (dim // 4 - 1))
    y, x = y.flatten()[:, None] * omega[None], x.flatten()[:, None] * omega[None]
    return torch.cat([x.sin(), x.cos(), y.sin(), y.cos()], dim=1).float()


class PatchEncoder(nn.Module):
    def __init__(self, img=32, patch=4, dim=64):
        super().__init__()
        self.proj = nn.Conv2d(3, dim, patch, stride=patch)
        self.grid, self.dim = img // patch, dim
        self.layer = nn.TransformerEncoderLayer(dim, 4, 128, batch_first=True)

    def forward(self, x):
        tokens = self.proj(x).flatten(2).transpose(1, 2)
        pos = sincos_2d(self.grid, self.grid, self.dim, device=x.device)
        return self.layer(tokens + pos)


if __name__ == "__main__":
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    enc = PatchEncoder().to(device)
    out = enc(torch.randn(2, 3, 32, 32, device=device))
    print(tuple(out.shape), out.dtype)
