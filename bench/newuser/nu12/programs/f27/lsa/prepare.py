"""Word vectors from a PPMI co-occurrence matrix and a truncated SVD, saved as .npy."""
import os
from collections import Counter

import numpy as np

CORPUS = [
    "the cat sat on the mat", "the dog sat on the log", "cats and dogs are pets",
    "stocks fell as markets closed", "the market rallied on earnings", "investors sold stocks",
    "the dog chased the cat", "earnings beat market forecasts",
]


def vocabulary(sentences):
    counts = Counter(w for s in sentences for w in s.split())
    return {w: i for i, (w, _) in enumerate(sorted(counts.items()))}


def ppmi_vectors(sentences, vocab, dim=8, window=2):
    cooc = np.zeros((len(vocab), len(vocab)))
    for s in sentences:
        words = s.split()
        for i, w in enumerate(words):
            for j in range(max(0, i - window), min(len(words), i + window + 1)):
                if i != j:
                    cooc[vocab[w], vocab[words[j]]] += 1
    total = cooc.sum()
    row, col = cooc.sum(1, keepdims=True), cooc.sum(0, keepdims=True)
    with np.errstate(divide="ignore"):
        pmi = np.log(cooc * total / (row * col))
    ppmi = np.maximum(pmi, 0)
    u, s, _ = np.linalg.svd(ppmi)
    return u[:, :dim] * np.sqrt(s[:dim])


def export(folder):
    vocab = vocabulary(CORPUS)
    path = os.path.join(folder, "vectors.npy")
    np.save(path, ppmi_vectors(CORPUS, vocab))
    return path, vocab
