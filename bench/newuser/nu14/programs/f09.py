"""Whitened PCA features from scikit-learn, applied to embeddings on the GPU."""
import numpy as np
import torch
from sklearn.decomposition import PCA


class PCAProjector:
    def __init__(self, n_components, device):
        self.pca = PCA(n_components=n_components, whiten=True, random_state=0)
        self.device = device
        self.components = None
        self.mean = None
        self.scale = None

    def fit(self, embeddings):
        self.pca.fit(embeddings)
        self.components = torch.as_tensor(self.pca.components_, device=self.device)
        self.mean = torch.as_tensor(self.pca.mean_, device=self.device)
        self.scale = torch.as_tensor(np.sqrt(self.pca.explained_variance_), device=self.device)
        return self

    def transform(self, emb):
        centered = emb - self.mean.to(emb.dtype)
        return (centered @ self.components.T.to(emb.dtype)) / self.scale


def main():
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    rng = np.random.default_rng(0)
    bank = rng.standard_normal((500, 64))
    projector = PCAProjector(8, device).fit(bank)
    queries = torch.randn(10, 64, device=device)
    reduced = projector.transform(queries)
    print(reduced.shape, reduced.dtype)


if __name__ == "__main__":
    main()
