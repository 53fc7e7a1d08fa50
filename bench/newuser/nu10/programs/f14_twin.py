"""A causal self-attention block with rotary position embeddings, trained to copy a sequence."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def rotary_tables(seq_len, head_dim, base=10000.0, device=None):
    inv_freq = 1.0 / (base ** (torch.arange(0, head_dim, 2, dtype=torch.float32, device=device) / head_dim))
    pos = torch.arange(seq_len, dtype=torch.float32, device=device)
    angles = torch.outer(pos, inv_freq)
    return angles.cos(), angles.sin()


def apply_rotary(x, cos, sin):
    x1, x2 = x[..., 0::2], x[..., 1::2]
    cos, sin = cos.to(x.dtype), sin.to(x.dtype)
    return torch.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], dim=-1).flatten(-2)


class RotaryAttention(nn.Module):
    def __init__(self, dim=64, heads=4):
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, self.head_dim).permute(2, 0, 3, 1, 4)
        cos, sin = rotary_tables(t, self.head_dim, device=x.device)
        q, k = apply_rotary(q, cos, sin), apply_rotary(k, cos, sin)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.out(y.transpose(1, 2).reshape(b, t, d))


if __name__ == "__main__":
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    vocab, dim = 32, 64
    model = nn.ModuleDict({"emb": nn.Embedding(vocab, dim), "attn": RotaryAttention(dim), "head": nn.Linear(dim, vocab)})
    model.to(device)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for step in range(60):
        tokens = torch.randint(0, vocab, (16, 24), device=device)
        h = model["emb"](tokens)
        logits = model["head"](h + model["attn"](h))
        loss = F.cross_entropy(logits[:, :-1].reshape(-1, vocab), tokens[:, :-1].reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("loss", round(loss.item(), 3))
