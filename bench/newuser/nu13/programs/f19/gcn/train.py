import torch

from .graph import normalized_adjacency, planted_partition
from .layers import GCN
from .utils import device_from_env


def main():
    device = device_from_env()
    edges, labels = planted_partition()
    n = len(labels)
    adj = torch.from_numpy(normalized_adjacency(edges, n)).to(device)
    features = torch.eye(n, device=device)
    y = torch.from_numpy(labels).to(device)
    train_mask = torch.zeros(n, dtype=torch.bool, device=device)
    train_mask[::5] = True
    model = GCN(n, 16, 3).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=0.02, weight_decay=5e-4)
    for epoch in range(50):
        out = model(features, adj)
        loss = torch.nn.functional.cross_entropy(out[train_mask], y[train_mask])
        opt.zero_grad()
        loss.backward()
        opt.step()
    acc = (out.argmax(1)[~train_mask] == y[~train_mask]).float().mean().item()
    print(f"test accuracy {acc:.3f}")


if __name__ == "__main__":
    main()
