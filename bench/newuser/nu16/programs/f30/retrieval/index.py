import torch
import torch.nn.functional as F


class DenseIndex:
    def __init__(self, device):
        self.device = device
        self._chunks = []

    def add(self, embeddings):
        embeddings = embeddings.to(self.device)
        self._chunks.append(F.normalize(embeddings, dim=-1))

    def search(self, queries, k=5):
        matrix = torch.cat(self._chunks)
        q = F.normalize(queries.to(device=self.device, dtype=matrix.dtype), dim=-1)
        return (q @ matrix.T).topk(k, dim=-1)
