"""PCA basis fitted on flattened image patches."""
import numpy as np
from sklearn.decomposition import PCA


def random_patches(n=200, side=8, seed=0):
    rng = np.random.default_rng(seed)
    return rng.random((n, side * side)).astype(np.float32)


def fit_basis(patches, k=16):
    pca = PCA(n_components=k, random_state=0)
    pca.fit(patches)
    return pca.components_, pca.mean_
