import numpy as np
import scipy.sparse as sp
import torch


def random_edges(n_nodes, n_edges, seed=0):
    rng = np.random.default_rng(seed)
    src = rng.integers(0, n_nodes, n_edges)
    dst = (src + rng.integers(1, n_nodes, n_edges)) % n_nodes
    return np.stack([src, dst])


def transition_matrix(edges, n_nodes):
    """Column-stochastic transition matrix of the directed graph (dangling nodes uniform)."""
    adj = sp.coo_matrix((np.ones(edges.shape[1]), (edges[1], edges[0])), shape=(n_nodes, n_nodes)).tocsc()
    out_degree = np.asarray(adj.sum(axis=0)).ravel()
    inv = np.divide(1.0, out_degree, out=np.zeros_like(out_degree), where=out_degree > 0)
    return (adj @ sp.diags(inv)).tocoo()


def to_torch_sparse(mat):
    indices = torch.from_numpy(np.vstack([mat.row, mat.col]).astype(np.int64))
    values = torch.from_numpy(mat.data)
    return torch.sparse_coo_tensor(indices, values, mat.shape).coalesce()
