import argparse

import torch
import torch.nn.functional as F

from churn.data import load_customers, to_matrix
from churn.model import make_model


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--device", default="auto")
    p.add_argument("--steps", type=int, default=2)
    return p.parse_args()


def resolve(name):
    if name != "auto":
        return torch.device(name)
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def main():
    args = parse_args()
    device = resolve(args.device)
    X, y = to_matrix(load_customers())
    features = torch.tensor(X).to(device)
    labels = torch.tensor(y).to(device)
    model = make_model(features.shape[1]).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for step in range(args.steps):
        logits = model(features.float()).squeeze(1)
        loss = F.binary_cross_entropy_with_logits(logits, labels.float())
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} bce {loss.item():.4f}")


if __name__ == "__main__":
    main()
