import numpy as np
import torch
from sklearn.decomposition import PCA


def synthetic_corpus(n_docs=1000, dim=64, n_topics=8, seed=0):
    rng = np.random.default_rng(seed)
    topics = rng.normal(size=(n_topics, dim))
    assignment = rng.integers(0, n_topics, n_docs)
    return topics[assignment] + 0.3 * rng.normal(size=(n_docs, dim)), assignment


def fit_reducer(corpus, n_components=16):
    return PCA(n_components=n_components, random_state=0).fit(corpus)


def encode_in_chunks(reducer, docs, chunk_size=256):
    for start in range(0, len(docs), chunk_size):
        yield torch.from_numpy(reducer.transform(docs[start:start + chunk_size])).float()
