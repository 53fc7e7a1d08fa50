"""Node classification on a synthetic citation graph with Laplacian eigenvector positional features."""
import numpy as np
import scipy.sparse as sp
import torch
import torch.nn as nn
import torch.nn.functional as F
from scipy.sparse.linalg import eigsh


def select_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if getattr(torch.backends, "mps", None) and torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def random_graph(n=200, p_in=0.08, p_out=0.005, seed=0):
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, 4, n)
    same = labels[:, None] == labels[None, :]
    upper = np.triu(rng.random((n, n)) < np.where(same, p_in, p_out), 1)
    rows, cols = np.nonzero(upper)
    adj = sp.coo_matrix((np.ones(len(rows), dtype=np.float32), (rows, cols)), shape=(n, n))
    return (adj + adj.T).tocsr(), labels


def laplacian_pe(adj, k=8):
    deg = np.asarray(adj.sum(axis=1)).ravel() + 1.0
    d_inv_sqrt = sp.diags(deg ** -0.5)
    lap = sp.eye(adj.shape[0]) - d_inv_sqrt @ adj @ d_inv_sqrt
    vals, vecs = eigsh(lap, k=k + 1, which="SM", tol=1e-4)
    return vecs[:, 1:]


class GCN(nn.Module):
    def __init__(self, n_in, hidden, n_out):
        super().__init__()
        self.l1, self.l2 = nn.Linear(n_in, hidden), nn.Linear(hidden, n_out)

    def forward(self, x, a_hat):
        return self.l2(a_hat @ F.relu(self.l1(a_hat @ x)))


def main():
    device = select_device()
    adj, labels = random_graph()
    n = adj.shape[0]
    a = adj + sp.eye(n, dtype=np.float32)
    deg = np.asarray(a.sum(1)).ravel()
    a_hat = torch.from_numpy((sp.diags(deg ** -0.5) @ a @ sp.diags(deg ** -0.5)).toarray().astype(np.float32))
    raw_feats = torch.randn(n, 16)
    pe = torch.from_numpy(laplacian_pe(adj)).float()
    x = torch.cat([raw_feats, pe], dim=1).to(device)
    a_hat, y = a_hat.to(device), torch.as_tensor(labels, device=device)
    model = GCN(x.shape[1], 32, 4).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    for epoch in range(20):
        loss = F.cross_entropy(model(x.float(), a_hat), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("loss", round(loss.item(), 4))


if __name__ == "__main__":
    main()
