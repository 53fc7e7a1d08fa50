"""Export pretrained word vectors (here: random projections of co-occurrence counts) to .npy."""
import numpy as np

VOCAB = ["<pad>", "the", "cat", "sat", "on", "mat", "dog", "ran", "fast", "slow"]


def cooccurrence(corpus, vocab):
    index = {w: i for i, w in enumerate(vocab)}
    counts = np.zeros((len(vocab), len(vocab)))
    for sent in corpus:
        ids = [index[w] for w in sent.split()]
        for a, b in zip(ids, ids[1:]):
            counts[a, b] += 1
            counts[b, a] += 1
    return counts


def export_vectors(path, dim=16, seed=0):
    corpus = ["the cat sat on the mat", "the dog ran fast", "the cat ran slow", "the dog sat on the mat"]
    counts = cooccurrence(corpus, VOCAB)
    rng = np.random.default_rng(seed)
    proj = rng.normal(0, 1 / np.sqrt(dim), size=(len(VOCAB), dim))
    vectors = np.log1p(counts) @ proj
    np.save(path, vectors)
    return path
