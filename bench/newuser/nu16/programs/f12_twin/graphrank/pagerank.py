import torch


def pagerank(transition, device, alpha=0.85, tol=1e-6, max_iter=100):
    P = transition.to(device)
    n = P.shape[0]
    rank = torch.full((n, 1), 1.0 / n, device=device, dtype=P.dtype)
    for _ in range(max_iter):
        new = alpha * torch.sparse.mm(P, rank) + (1 - alpha) / n
        new = new / new.sum()
        if (new - rank).abs().sum() < tol:
            break
        rank = new
    return rank.squeeze(1)
