"""Fine-tune a regression head on precomputed embeddings stored in an .npz cache."""
import os
import tempfile

import numpy as np
import torch
import torch.nn as nn


def get_device():
    if torch.cuda.is_available():
        return "cuda"
    if torch.backends.mps.is_available():
        return "mps"
    return "cpu"


def build_cache(path, n=64, d=12, seed=0):
    rng = np.random.default_rng(seed)
    emb = rng.normal(size=(n, d))
    target = emb @ rng.normal(size=d) + 0.1 * rng.normal(size=n)
    np.savez(path, embeddings=emb, target=target)


def load_cache(path):
    with np.load(path) as f:
        return f["embeddings"], f["target"]


def main():
    device = get_device()
    path = os.path.join(tempfile.mkdtemp(), "emb_cache.npz")
    build_cache(path)
    emb, target = load_cache(path)
    x = torch.tensor(emb, dtype=torch.float32, device=device)
    y = torch.tensor(target, dtype=torch.float32, device=device)
    head = nn.Linear(x.shape[1], 1).to(device)
    opt = torch.optim.Adam(head.parameters(), lr=1e-2)
    for step in range(2):
        loss = (head(x).squeeze(1) - y).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} mse {loss.item():.4f}")


if __name__ == "__main__":
    main()
