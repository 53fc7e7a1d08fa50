"""Deform a template sphere towards a scanned shape: per-vertex offsets fitted by gradient descent."""
import json
import os
import tempfile

import numpy as np
import torch
import torch.nn as nn


def fibonacci_sphere(n):
    i = torch.arange(n, dtype=torch.float32) + 0.5
    phi = torch.acos(1 - 2 * i / n)
    theta = torch.pi * (1 + 5 ** 0.5) * i
    return torch.stack([phi.sin() * theta.cos(), phi.sin() * theta.sin(), phi.cos()], dim=1)


def write_scan(path, n):
    verts = fibonacci_sphere(n).numpy() * np.array([1.5, 1.0, 0.7])
    np.savetxt(path, verts, fmt="%.6f")


def load_scan(path):
    verts = np.loadtxt(path)
    verts -= verts.mean(axis=0)
    return verts


class Deformer(nn.Module):
    def __init__(self, template):
        super().__init__()
        self.register_buffer("template", template)
        self.offsets = nn.Parameter(torch.zeros_like(template))

    def forward(self):
        return self.template + self.offsets


def main():
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    n = 100
    template = fibonacci_sphere(n)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "scan.xyz")
        write_scan(path, n)
        scan = load_scan(path)
    model = Deformer(template).to(device)
    target = template.to(device) * torch.tensor([1.5, 1.0, 0.7], device=device)
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    for _ in range(30):
        loss = ((model() - target) ** 2).sum(-1).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        errors = (model() - scan).norm(dim=1)
    print("RESULT " + json.dumps({"loss": loss.item(), "max_err": errors.max().item()}))


if __name__ == "__main__":
    main()
