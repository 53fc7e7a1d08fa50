import numpy as np
import torch

from .graph import random_cloud
from .layers import CloudClassifier


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    return torch.device("mps") if torch.backends.mps.is_available() else torch.device("cpu")


def main():
    rng = np.random.default_rng(0)
    torch.manual_seed(0)
    graphs = [random_cloud(rng, label=i % 2) for i in range(40)]
    device = get_device()
    model = CloudClassifier().to(device)
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    for epoch in range(3):
        total = 0.0
        for graph in graphs:
            g = {k: v.to(device) for k, v in graph.to_torch().items()}
            loss = torch.nn.functional.cross_entropy(model(g), g["label"][None])
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        print(f"epoch {epoch}: {total / len(graphs):.4f}")


if __name__ == "__main__":
    main()
