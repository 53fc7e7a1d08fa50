"""Causal self-attention with rotary position embeddings (cache built lazily per device)."""
import torch
import torch.nn.functional as F
from torch import nn


class RotaryCache:
    def __init__(self, head_dim, base=10000.0):
        self.head_dim = head_dim
        self.base = base
        self._cache = {}

    def get(self, seq_len, device):
        key = (seq_len, str(device))
        if key not in self._cache:
            exponent = torch.arange(0, self.head_dim, 2, dtype=torch.float64, device=device) / self.head_dim
            inv_freq = 1.0 / (self.base ** exponent)
            positions = torch.arange(seq_len, device=device, dtype=inv_freq.dtype)
            angles = torch.outer(positions, inv_freq)
            self._cache[key] = (angles.cos(), angles.sin())
        return self._cache[key]


def apply_rotary(x, cos, sin):
    x1, x2 = x[..., 0::2], x[..., 1::2]
    cos, sin = cos.to(x.dtype), sin.to(x.dtype)
    return torch.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], dim=-1).flatten(-2)


class RotaryAttention(nn.Module):
    def __init__(self, dim=64, heads=4):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.rotary = RotaryCache(dim // heads)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        cos, sin = self.rotary.get(t, x.device)
        q, k = apply_rotary(q, cos, sin), apply_rotary(k, cos, sin)
        out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.proj(out.transpose(1, 2).reshape(b, t, d))


if __name__ == "__main__":
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    torch.manual_seed(0)
    attn = RotaryAttention().to(device)
    x = torch.randn(2, 16, 64, device=device)
    print(attn(x).shape)
