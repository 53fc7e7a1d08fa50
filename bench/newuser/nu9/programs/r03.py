"""2-D sinusoidal position embeddings computed in float64 where the device has it (RT-DETR's fix)."""
import json

import torch
import torch.nn as nn


def pick_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def build_2d_sincos(w, h, dim, device, temperature=10000.0):
    device = torch.device(device)
    dtype = torch.float32 if device.type == "mps" else torch.float64
    grid_w = torch.arange(w, dtype=dtype, device=device)
    grid_h = torch.arange(h, dtype=dtype, device=device)
    gw, gh = torch.meshgrid(grid_w, grid_h, indexing="ij")
    pos_dim = dim // 4
    omega = torch.arange(pos_dim, dtype=dtype, device=device) / pos_dim
    omega = 1.0 / temperature ** omega
    out_w = gw.flatten()[:, None] * omega[None]
    out_h = gh.flatten()[:, None] * omega[None]
    emb = torch.cat([out_w.sin(), out_w.cos(), out_h.sin(), out_h.cos()], dim=1)
    return emb.float()


def energy(x):
    if x.device.type != "mps":
        return x.double().pow(2).sum().item()
    return x.pow(2).sum().item()


class Encoder(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, tokens, w, h):
        return self.proj(tokens + build_2d_sincos(w, h, tokens.shape[-1], tokens.device))


def main():
    torch.manual_seed(0)
    device = pick_device()
    enc = Encoder().to(device)
    out = enc(torch.randn(1, 12, 16, device=device), 4, 3)
    print("RESULT " + json.dumps({"mean": out.mean().item(), "energy": energy(out)}))


if __name__ == "__main__":
    main()
