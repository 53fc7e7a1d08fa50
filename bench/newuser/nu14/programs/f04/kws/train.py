import argparse

import torch
import torch.nn.functional as F

from .model import KeywordSpotter


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--device", default="mps" if torch.backends.mps.is_available() else "cpu")
    parser.add_argument("--steps", type=int, default=5)
    return parser.parse_args([])


def main():
    args = parse_args()
    device = torch.device(args.device)
    model = KeywordSpotter().to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(args.steps):
        wav = torch.randn(8, 16000, device=device)
        labels = torch.randint(0, 4, (8,), device=device)
        loss = F.cross_entropy(model(wav), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("loss", loss.item())


if __name__ == "__main__":
    main()
