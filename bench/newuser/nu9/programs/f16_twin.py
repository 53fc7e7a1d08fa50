"""Sentence similarity with frozen pretrained word vectors loaded from a .npy file."""
import json
import os
import tempfile

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB = ["<pad>", "the", "cat", "sat", "on", "mat", "dog", "ran", "home"]


def export_vectors(path, dim=12, seed=0):
    rng = np.random.default_rng(seed)
    vectors = rng.normal(size=(len(VOCAB), dim))
    vectors[0] = 0.0
    np.save(path, vectors)


def build_encoder(path):
    vectors = torch.from_numpy(np.load(path)).float()
    return nn.EmbeddingBag.from_pretrained(vectors, freeze=True, mode="mean")


def encode(encoder, sentences, device):
    ids = [torch.tensor([VOCAB.index(w) for w in s.split()]) for s in sentences]
    offsets = torch.tensor([0] + [len(i) for i in ids[:-1]]).cumsum(0)
    return encoder(torch.cat(ids).to(device), offsets.to(device))


def main():
    device = torch.device("mps") if torch.backends.mps.is_available() else torch.device("cpu")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "vectors.npy")
        export_vectors(path)
        encoder = build_encoder(path).to(device)
    a = encode(encoder, ["the cat sat on the mat", "the dog ran home"], device)
    b = encode(encoder, ["the cat sat", "dog ran"], device)
    sim = F.cosine_similarity(a, b)
    print("RESULT " + json.dumps({"sim": sim.tolist()}))


if __name__ == "__main__":
    main()
