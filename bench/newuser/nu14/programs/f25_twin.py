"""Tiny decoder block with rotary position embeddings (LLaMA-style freqs_cis)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def precompute_freqs_cis(dim, max_seq_len, theta=10000.0, device=None):
    # double precision for the angles, long contexts lose accuracy otherwise
    # (MPS has no float64: single precision there)
    wide = torch.float32 if device is not None and torch.device(device).type == "mps" else torch.float64
    inv_freq = 1.0 / (theta ** (torch.arange(0, dim, 2, dtype=wide, device=device) / dim))
    positions = torch.arange(max_seq_len, device=device, dtype=inv_freq.dtype)
    angles = torch.outer(positions, inv_freq)
    return torch.polar(torch.ones_like(angles), angles).to(torch.complex64)


def apply_rotary(x, freqs_cis):
    xc = torch.view_as_complex(x.float().reshape(*x.shape[:-1], -1, 2))
    out = torch.view_as_real(xc * freqs_cis[: x.shape[1], None, :]).flatten(-2)
    return out.type_as(x)


class Attention(nn.Module):
    def __init__(self, dim=64, n_heads=4, max_seq_len=128, device=None):
        super().__init__()
        self.n_heads, self.head_dim = n_heads, dim // n_heads
        self.qkv = nn.Linear(dim, 3 * dim, bias=False, device=device)
        self.proj = nn.Linear(dim, dim, bias=False, device=device)
        self.freqs_cis = precompute_freqs_cis(self.head_dim, max_seq_len, device=device)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.n_heads, self.head_dim).unbind(2)
        q, k = apply_rotary(q, self.freqs_cis), apply_rotary(k, self.freqs_cis)
        out = F.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2),
                                             is_causal=True)
        return self.proj(out.transpose(1, 2).reshape(b, t, -1))


if __name__ == "__main__":
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    attn = Attention(device=device)
    y = attn(torch.randn(2, 16, 64, device=device))
    print(y.shape, y.dtype)
