"""Graph loading and symmetric normalisation with SciPy sparse matrices."""
import numpy as np
import scipy.sparse as sp


def random_graph(n_nodes=60, n_edges=180, seed=0):
    rng = np.random.default_rng(seed)
    src = rng.integers(0, n_nodes, n_edges)
    dst = rng.integers(0, n_nodes, n_edges)
    return np.stack([src, dst])


def normalized_adjacency(edge_index, n_nodes):
    values = np.ones(edge_index.shape[1])
    adj = sp.coo_matrix((values, (edge_index[0], edge_index[1])), shape=(n_nodes, n_nodes))
    adj = adj + adj.T + sp.eye(n_nodes)
    adj.data = np.minimum(adj.data, 1.0)
    deg = np.asarray(adj.sum(axis=1)).ravel()
    d_inv_sqrt = sp.diags(deg ** -0.5)
    return (d_inv_sqrt @ adj @ d_inv_sqrt).tocsr()


class GraphData:
    def __init__(self, n_nodes=60, n_feats=16, n_classes=3, seed=0):
        rng = np.random.default_rng(seed)
        self.edge_index = random_graph(n_nodes, seed=seed)
        self.adj = normalized_adjacency(self.edge_index, n_nodes)
        self.features = rng.standard_normal((n_nodes, n_feats)).astype(np.float32)
        self.labels = rng.integers(0, n_classes, n_nodes)
        self.n_classes = n_classes
