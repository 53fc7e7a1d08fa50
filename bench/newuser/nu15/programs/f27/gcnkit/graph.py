"""A small graph container built from an edge list."""
import numpy as np


class GraphData:
    def __init__(self, features, adjacency, labels):
        self.features = features
        self.adjacency = adjacency
        self.labels = labels

    @classmethod
    def from_edges(cls, edges, n_nodes, n_features=8, seed=0):
        rng = np.random.default_rng(seed)
        adj = np.eye(n_nodes)
        for a, b in edges:
            adj[a, b] = adj[b, a] = 1
        deg = adj.sum(1)
        norm = adj / np.sqrt(np.outer(deg, deg))
        feats = rng.random((n_nodes, n_features)).astype(np.float32)
        labels = rng.integers(0, 2, n_nodes)
        return cls(feats, norm, labels)


def ring_with_chords(n):
    edges = [(i, (i + 1) % n) for i in range(n)]
    edges += [(i, (i + n // 2) % n) for i in range(0, n, 5)]
    return edges
