import torch

from graphrank.graph import random_edges, to_torch_sparse, transition_matrix
from graphrank.pagerank import pagerank


def default_device():
    if torch.cuda.is_available():
        return "cuda"
    return "mps" if torch.backends.mps.is_available() else "cpu"


if __name__ == "__main__":
    n = 200
    T = to_torch_sparse(transition_matrix(random_edges(n, 1000), n))
    ranks = pagerank(T, default_device())
    print("top nodes", ranks.topk(5).indices.tolist())
