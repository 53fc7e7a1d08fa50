import os
import tempfile

import torch

from wordvec.export import VOCAB, export_vectors
from wordvec.model import BagOfVectors


def main():
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    with tempfile.TemporaryDirectory() as tmp:
        path = export_vectors(os.path.join(tmp, "vectors.npy"))
        model = BagOfVectors(path)
    model = model.to(device)
    ids = torch.tensor([[VOCAB.index(w) for w in "the cat sat on the mat".split()]], device=device)
    print(model(ids).softmax(-1))


if __name__ == "__main__":
    main()
