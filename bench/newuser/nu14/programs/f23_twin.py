"""k-means on the GPU for a CSV of customer features (command-line tool)."""
import argparse
import os
import tempfile

import numpy as np
import torch


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--csv", default=None)
    parser.add_argument("--k", type=int, default=3)
    parser.add_argument("--iters", type=int, default=20)
    parser.add_argument("--device", default="mps" if torch.backends.mps.is_available() else "cpu")
    return parser.parse_args(argv)


def write_demo_csv(path, n=300, seed=0):
    rng = np.random.default_rng(seed)
    centers = np.array([[1, 1, 0], [5, 5, 5], [0, 6, 2]])
    pts = np.concatenate([c + rng.normal(0, 0.6, (n // 3, 3)) for c in centers])
    np.savetxt(path, pts, delimiter=",", header="recency,frequency,monetary", comments="")


def kmeans(x, k, iters, seed=0):
    gen = torch.Generator().manual_seed(seed)
    centroids = x[torch.randperm(x.shape[0], generator=gen)[:k].to(x.device)]
    for _ in range(iters):
        assign = torch.cdist(x, centroids).argmin(dim=1)
        for j in range(k):
            members = x[assign == j]
            if len(members):
                centroids[j] = members.mean(dim=0)
    return centroids, assign


def main(argv=None):
    args = parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        csv = args.csv or os.path.join(tmp, "customers.csv")
        if args.csv is None:
            write_demo_csv(csv)
        table = np.loadtxt(csv, delimiter=",", skiprows=1)
    x = torch.from_numpy(table).float().to(args.device)
    centroids, assign = kmeans(x, args.k, args.iters)
    print(centroids.cpu().numpy().round(2))
    print(torch.bincount(assign).tolist())


if __name__ == "__main__":
    main([])
