"""Graph neural network on a small molecule graph with edge weights from bond lengths."""
import torch
import torch.nn as nn

BOND_LENGTHS = {("C", "C"): 1.54, ("C", "O"): 1.43, ("C", "H"): 1.09, ("H", "O"): 0.96}


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def ethanol():
    atoms = ["C", "C", "O", "H", "H", "H", "H", "H", "H"]
    bonds = [(0, 1), (1, 2), (2, 8), (0, 3), (0, 4), (0, 5), (1, 6), (1, 7)]
    return atoms, bonds


class GCN(nn.Module):
    def __init__(self, n_types=3, hidden=16):
        super().__init__()
        self.embed = nn.Embedding(n_types, hidden)
        self.lin = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)

    def forward(self, types, adj):
        h = self.embed(types)
        for _ in range(2):
            h = torch.relu(self.lin(adj @ h))
        return self.out(h.mean(0))


def main():
    device = get_device()
    atoms, bonds = ethanol()
    index = {"C": 0, "O": 1, "H": 2}
    types = torch.tensor([index[a] for a in atoms], device=device)
    weights = []
    for i, j in bonds:
        key = tuple(sorted((atoms[i], atoms[j])))
        weights.append(1.0 / BOND_LENGTHS[key])
    adj = torch.zeros(len(atoms), len(atoms), dtype=float, device=device)
    for (i, j), w in zip(bonds, weights):
        adj[i, j] = adj[j, i] = w
    adj = adj / adj.sum(1, keepdim=True)
    model = GCN().to(device)
    print("energy", model(types, adj.float()).item())


if __name__ == "__main__":
    main()
