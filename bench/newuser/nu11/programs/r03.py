"""Sinusoidal timestep embedding whose dtype follows the device: float64 where it can, float32 on MPS."""
import math

import torch


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def timestep_embedding(t, dim, max_period=10000.0):
    dtype = torch.float32 if t.device.type == "mps" else torch.float64
    half = dim // 2
    freqs = torch.exp(-math.log(max_period) * torch.arange(half, dtype=dtype, device=t.device) / half)
    args = t[:, None].to(dtype) * freqs[None]
    return torch.cat([torch.cos(args), torch.sin(args)], dim=-1).float()


def main():
    device = get_device()
    t = torch.tensor([1, 10, 100], device=device)
    emb = timestep_embedding(t, 16)
    print("embedding", tuple(emb.shape), emb.dtype)


if __name__ == "__main__":
    main()
