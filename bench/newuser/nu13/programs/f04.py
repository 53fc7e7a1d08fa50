"""Transformer encoder that classifies sensor sequences, with a sinusoidal position table."""
import argparse
import math

import numpy as np
import torch
from torch import nn


def sinusoid_table(max_len, d_model):
    rows = []
    for pos in range(max_len):
        row = []
        for i in range(d_model):
            angle = pos / math.pow(10000, 2 * (i // 2) / d_model)
            row.append(math.sin(angle) if i % 2 == 0 else math.cos(angle))
        rows.append(row)
    return np.array(rows)


class SensorTransformer(nn.Module):
    def __init__(self, n_channels, d_model=32, n_classes=4, max_len=128):
        super().__init__()
        self.embed = nn.Linear(n_channels, d_model)
        self.register_buffer("pos", torch.from_numpy(sinusoid_table(max_len, d_model)))
        layer = nn.TransformerEncoderLayer(d_model, nhead=4, dim_feedforward=64, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=2)
        self.head = nn.Linear(d_model, n_classes)

    def forward(self, x):
        h = self.embed(x)
        h = h + self.pos[: h.size(1)].to(h.dtype)
        return self.head(self.encoder(h).mean(dim=1))


def parse_args():
    parser = argparse.ArgumentParser()
    default = "mps" if torch.backends.mps.is_available() else "cpu"
    parser.add_argument("--device", default=default)
    parser.add_argument("--steps", type=int, default=5)
    return parser.parse_args([])


def main():
    args = parse_args()
    device = torch.device(args.device)
    model = SensorTransformer(n_channels=6).to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
    for step in range(args.steps):
        x = torch.randn(16, 50, 6, device=device)
        y = torch.randint(0, 4, (16,), device=device)
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("loss", loss.item())


if __name__ == "__main__":
    main()
