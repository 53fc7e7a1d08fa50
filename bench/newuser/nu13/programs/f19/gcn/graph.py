import numpy as np
import scipy.sparse as sp


def planted_partition(n_per=30, k=3, p_in=0.3, p_out=0.02, seed=0):
    rng = np.random.default_rng(seed)
    labels = np.repeat(np.arange(k), n_per)
    same = labels[:, None] == labels[None, :]
    probs = np.where(same, p_in, p_out)
    upper = np.triu(rng.random(probs.shape) < probs, 1)
    edges = np.argwhere(upper)
    return edges, labels


def normalized_adjacency(edges, n):
    rows = np.concatenate([edges[:, 0], edges[:, 1]])
    cols = np.concatenate([edges[:, 1], edges[:, 0]])
    adj = sp.coo_matrix((np.ones(len(rows)), (rows, cols)), shape=(n, n))
    adj = adj + sp.eye(n)
    deg = np.asarray(adj.sum(axis=1)).ravel()
    d_inv_sqrt = sp.diags(deg ** -0.5)
    return (d_inv_sqrt @ adj @ d_inv_sqrt).toarray()
