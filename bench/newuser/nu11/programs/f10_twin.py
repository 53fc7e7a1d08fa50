"""2D sinusoidal position embedding for a small ViT-style encoder (DETR style)."""
import torch
import torch.nn as nn


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def build_2d_sincos(h, w, dim, temperature=10000.0, device=None):
    grid_y, grid_x = torch.meshgrid(
        torch.arange(h, dtype=torch.float32, device=device),
        torch.arange(w, dtype=torch.float32, device=device),
        indexing="ij",
    )
    pos_dim = dim // 4
    omega = torch.arange(pos_dim, dtype=torch.float32, device=device) / pos_dim
    omega = 1.0 / temperature**omega
    out_x = grid_x.flatten()[:, None] * omega[None, :]
    out_y = grid_y.flatten()[:, None] * omega[None, :]
    emb = torch.cat([out_x.sin(), out_x.cos(), out_y.sin(), out_y.cos()], dim=1)
    return emb[None].float()


class Encoder(nn.Module):
    def __init__(self, dim=32, patch=4):
        super().__init__()
        self.dim = dim
        self.patch = nn.Conv2d(3, dim, patch, stride=patch)
        self.block = nn.TransformerEncoderLayer(dim, 4, 64, batch_first=True)

    def forward(self, img):
        x = self.patch(img)
        b, c, h, w = x.shape
        x = x.flatten(2).transpose(1, 2)
        x = x + build_2d_sincos(h, w, self.dim, device=x.device)
        return self.block(x)


def main():
    device = get_device()
    enc = Encoder().to(device).eval()
    with torch.no_grad():
        out = enc(torch.randn(1, 3, 16, 16, device=device))
    print("encoded", tuple(out.shape))


if __name__ == "__main__":
    main()
