"""Check an accelerated float32 softmax-attention kernel against a float64 CPU reference."""
import torch


def attention(q, k, v):
    w = (q @ k.transpose(-1, -2) / q.shape[-1] ** 0.5).softmax(-1)
    return w @ v


def reference_attention(q, k, v):
    q64, k64, v64 = (t.detach().cpu().double() for t in (q, k, v))
    return attention(q64, k64, v64)


def main():
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    torch.manual_seed(0)
    q, k, v = (torch.randn(2, 16, 32, device=device) for _ in range(3))
    fast = attention(q, k, v)
    ref = reference_attention(q, k, v)
    err = (fast.cpu().double() - ref).abs().max().item()
    print(f"max abs error vs float64 reference: {err:.2e}")
    assert err < 1e-4


if __name__ == "__main__":
    main()
