"""Label propagation on a k-NN graph built with scikit-learn and SciPy sparse matrices."""
import numpy as np
import scipy.sparse as sp
import torch
from sklearn.datasets import make_blobs
from sklearn.neighbors import kneighbors_graph


def device_for(tensor_work=True):
    return torch.device("mps") if tensor_work and torch.backends.mps.is_available() else torch.device("cpu")


def normalized_adjacency(points, k=8):
    adj = kneighbors_graph(points, k, mode="connectivity", include_self=False)
    adj = adj.maximum(adj.T)
    degree = np.asarray(adj.sum(axis=1)).ravel()
    d_inv_sqrt = sp.diags(1.0 / np.sqrt(degree))
    return (d_inv_sqrt @ adj @ d_inv_sqrt).tocoo()


def to_torch_sparse(matrix):
    indices = torch.from_numpy(np.vstack([matrix.row, matrix.col]).astype(np.int64))
    values = torch.from_numpy(matrix.data)
    return torch.sparse_coo_tensor(indices, values, matrix.shape).coalesce()


def propagate(adj, seeds, alpha=0.9, iters=30):
    out = seeds.clone()
    for _ in range(iters):
        out = alpha * torch.sparse.mm(adj, out) + (1 - alpha) * seeds
    return out


def main():
    points, labels = make_blobs(n_samples=300, centers=3, random_state=0)
    rng = np.random.default_rng(0)
    known = rng.choice(len(points), 15, replace=False)
    seeds = np.zeros((len(points), 3))
    seeds[known, labels[known]] = 1.0
    device = device_for()
    adj = to_torch_sparse(normalized_adjacency(points)).to(device)
    scores = propagate(adj, torch.from_numpy(seeds).to(device))
    accuracy = (scores.argmax(1).cpu().numpy() == labels).mean()
    print(f"propagated accuracy: {accuracy:.3f}")


if __name__ == "__main__":
    main()
