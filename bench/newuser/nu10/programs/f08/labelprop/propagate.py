import numpy as np
import torch


def to_torch_sparse(coo, device):
    indices = torch.tensor(np.vstack([coo.row, coo.col]), dtype=torch.long, device=device)
    return torch.sparse_coo_tensor(indices, coo.data, coo.shape, device=device)


def label_propagation(P, seeds, n_classes, alpha=0.9, iters=50):
    n = P.shape[0]
    Y0 = torch.zeros(n, n_classes, dtype=P.dtype, device=P.device)
    for node, label in seeds.items():
        Y0[node, label] = 1.0
    F = Y0.clone()
    for _ in range(iters):
        F = alpha * torch.sparse.mm(P, F) + (1 - alpha) * Y0
    return F.argmax(dim=1)
