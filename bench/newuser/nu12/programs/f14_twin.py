"""Causal self-attention block with rotary position embeddings (RoPE)."""
import torch
import torch.nn.functional as F
from torch import nn


class Rotary:
    def __init__(self, head_dim, base=10000.0):
        self.inv_freq = 1.0 / (base ** (torch.arange(0, head_dim, 2, dtype=torch.float32) / head_dim))
        self._cache = {}

    def cos_sin(self, seq_len, device, dtype):
        key = (seq_len, str(device))
        if key not in self._cache:
            t = torch.arange(seq_len, device=device, dtype=self.inv_freq.dtype)
            freqs = torch.outer(t, self.inv_freq.to(device))
            emb = torch.cat([freqs, freqs], dim=-1)
            self._cache[key] = (emb.cos().to(dtype), emb.sin().to(dtype))
        return self._cache[key]


def rotate_half(x):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat([-x2, x1], dim=-1)


class Attention(nn.Module):
    def __init__(self, dim=64, heads=4):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)
        self.rotary = Rotary(dim // heads)

    def forward(self, x):
        b, n, d = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        cos, sin = self.rotary.cos_sin(n, x.device, x.dtype)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.out(y.transpose(1, 2).reshape(b, n, d))


def main():
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    block = Attention().to(device)
    x = torch.randn(2, 16, 64, device=device)
    y = block(x)
    print(y.shape, y.dtype, y.detach().abs().mean().item())


if __name__ == "__main__":
    main()
