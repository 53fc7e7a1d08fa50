"""Item-to-item recommendations from word2vec-style embeddings saved with np.save."""
import os
import tempfile

import numpy as np
import torch
from torch import nn
from torch.nn import functional as F


def export_embeddings(path, n_items=500, dim=16, seed=0):
    rng = np.random.default_rng(seed)
    vecs = rng.normal(size=(n_items, dim))
    np.save(path, vecs)


class SessionEncoder(nn.Module):
    """Mean of the item vectors of a session; the item table is frozen."""

    def __init__(self, item_vectors):
        super().__init__()
        self.items = nn.EmbeddingBag.from_pretrained(item_vectors, freeze=True, mode="mean")

    def forward(self, item_ids, offsets):
        return F.normalize(self.items(item_ids, offsets), dim=-1)

    def recommend(self, item_ids, offsets, k=5):
        session = self.forward(item_ids, offsets)
        table = F.normalize(self.items.weight, dim=-1)
        return torch.topk(session @ table.T, k, dim=-1).indices


def best_device():
    for name, ok in (("cuda", torch.cuda.is_available()), ("mps", torch.backends.mps.is_available())):
        if ok:
            return torch.device(name)
    return torch.device("cpu")


def main():
    device = best_device()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "items.npy")
        export_embeddings(path)
        vectors = torch.from_numpy(np.load(path)).float()
    model = SessionEncoder(vectors).to(device)
    sessions = [[1, 5, 7], [42, 43], [100, 3, 9, 250]]
    ids = torch.tensor([i for s in sessions for i in s], device=device)
    offsets = torch.tensor([0, 3, 5], device=device)
    print(model.recommend(ids, offsets).tolist())


if __name__ == "__main__":
    main()
