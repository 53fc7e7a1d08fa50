"""TF-IDF document retrieval with the scoring done on the accelerator."""
from collections import Counter
from functools import partial

import numpy as np
import torch

DOCS = [
    "the cat sat on the mat",
    "dogs and cats living together",
    "the stock market fell sharply today",
    "a cat chased the dog around the mat",
    "markets rallied after the announcement",
]


def build_vocab(docs):
    vocab = sorted({w for d in docs for w in d.split()})
    return {w: i for i, w in enumerate(vocab)}


def term_counts(docs, vocab):
    counts = np.zeros((len(docs), len(vocab)), dtype=np.int64)
    for r, d in enumerate(docs):
        for w, c in Counter(d.split()).items():
            counts[r, vocab[w]] = c
    return counts


def tfidf(counts):
    df = (counts > 0).sum(axis=0)
    idf = np.log((1 + len(counts)) / (1 + df)) + 1
    tf = np.log1p(counts)
    mat = tf * idf
    return mat / np.linalg.norm(mat, axis=1, keepdims=True)


def main():
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    to_device = partial(torch.as_tensor, device=device)
    vocab = build_vocab(DOCS)
    doc_vecs = to_device(tfidf(term_counts(DOCS, vocab)))
    query = term_counts(["cat on a mat"], {**vocab, "a": vocab.get("a", 0)})
    q = to_device(query).float()
    scores = doc_vecs @ (q[0] / q.norm()).to(doc_vecs.dtype)
    top = torch.topk(scores, k=2).indices.tolist()
    print([DOCS[i] for i in top])


if __name__ == "__main__":
    main()
