import tempfile

import torch

from .model import BagOfVectors, load_vectors
from .prepare import CORPUS, export

LABELS = [0, 0, 0, 1, 1, 1, 0, 1]


def encode(sentence, vocab, length=6):
    ids = [vocab[w] for w in sentence.split()][:length]
    return ids + [ids[-1]] * (length - len(ids))


def main():
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    with tempfile.TemporaryDirectory() as tmp:
        path, vocab = export(tmp)
        vectors = load_vectors(path)
    model = BagOfVectors(vectors).to(device)
    tokens = torch.tensor([encode(s, vocab) for s in CORPUS], device=device)
    labels = torch.tensor(LABELS, device=device)
    opt = torch.optim.Adam(model.head.parameters(), lr=0.1)
    for _ in range(50):
        loss = torch.nn.functional.cross_entropy(model(tokens), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("train accuracy", (model(tokens).argmax(1) == labels).float().mean().item())


if __name__ == "__main__":
    main()
