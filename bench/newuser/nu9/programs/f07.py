"""Rotary position embeddings for a small attention block."""
import json

import torch
import torch.nn as nn


def build_rope_cache(seq_len, head_dim, device, base=10000.0):
    inv_freq = 1.0 / (base ** (torch.arange(0, head_dim, 2, dtype=torch.float64) / head_dim))
    t = torch.arange(seq_len, device=device, dtype=torch.float64)
    freqs = torch.outer(t, inv_freq.to(device))
    return freqs.cos().float(), freqs.sin().float()


def apply_rope(x, cos, sin):
    x1, x2 = x[..., 0::2], x[..., 1::2]
    out = torch.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], dim=-1)
    return out.flatten(-2)


class Attention(nn.Module):
    def __init__(self, dim=32, heads=4):
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, x):
        b, n, _ = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.heads, self.head_dim).permute(2, 0, 3, 1, 4)
        cos, sin = build_rope_cache(n, self.head_dim, x.device)
        q, k = apply_rope(q, cos, sin), apply_rope(k, cos, sin)
        att = (q @ k.transpose(-1, -2) / self.head_dim ** 0.5).softmax(-1)
        return (att @ v).transpose(1, 2).reshape(b, n, -1)


def main():
    torch.manual_seed(0)
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    attn = Attention().to(device)
    y = attn(torch.randn(2, 12, 32, device=device))
    print("RESULT " + json.dumps({"mean": y.mean().item(), "std": y.std().item()}))


if __name__ == "__main__":
    main()
