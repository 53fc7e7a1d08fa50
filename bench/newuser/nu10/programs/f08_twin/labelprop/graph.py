import os

import numpy as np
import pandas as pd
import scipy.sparse as sp


def write_edges(path, n_nodes=300, n_edges=1500, seed=0):
    rng = np.random.default_rng(seed)
    half = n_nodes // 2
    src = rng.integers(0, n_nodes, n_edges)
    same = rng.random(n_edges) < 0.9  # two communities
    dst = np.where(same, (src // half) * half + rng.integers(0, half, n_edges), rng.integers(0, n_nodes, n_edges))
    pd.DataFrame({"src": src, "dst": dst, "weight": rng.uniform(0.5, 2.0, n_edges)}).to_csv(path, index=False)
    return path


def load_transition(path):
    edges = pd.read_csv(path)
    n = int(max(edges.src.max(), edges.dst.max())) + 1
    A = sp.coo_matrix((edges.weight, (edges.src, edges.dst)), shape=(n, n))
    A = (A + A.T).tocsr()
    deg = np.asarray(A.sum(axis=1)).ravel()
    deg[deg == 0] = 1.0
    P = sp.diags(1.0 / deg) @ A
    return P.tocoo(), n


def default_edge_file(tmpdir):
    return write_edges(os.path.join(tmpdir, "edges.csv"))
