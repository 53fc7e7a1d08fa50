"""Radius graphs over point clouds, with Gaussian edge weights."""
from dataclasses import dataclass

import numpy as np
import torch
from scipy.spatial.distance import cdist


@dataclass
class Graph:
    pos: np.ndarray
    edge_index: np.ndarray
    edge_weight: np.ndarray
    label: int

    def to_torch(self):
        return {
            "pos": torch.from_numpy(self.pos),
            "edge_index": torch.from_numpy(self.edge_index),
            "edge_weight": torch.from_numpy(self.edge_weight),
            "label": torch.tensor(self.label),
        }


def radius_graph(points, radius=0.6, sigma=0.3, label=0):
    dist = cdist(points, points)
    src, dst = np.nonzero((dist < radius) & (dist > 0))
    weight = np.exp(-dist[src, dst] ** 2 / (2 * sigma ** 2))
    return Graph(points.astype(np.float32), np.stack([src, dst]).astype(np.int64), weight, label)


def random_cloud(rng, label, n=40):
    pts = rng.normal(size=(n, 3))
    if label == 1:
        pts[:, 2] *= 0.1
    return radius_graph(pts / np.abs(pts).max(), label=label)
