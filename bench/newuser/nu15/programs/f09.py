"""Multi-label tagging of support tickets with class-imbalance weights (BCE pos_weight)."""
import numpy as np
import torch
import torch.nn as nn
from sklearn.feature_extraction.text import HashingVectorizer

TAGS = ["billing", "login", "bug", "feature", "refund"]
WORDS = "invoice charge password reset crash error slow add request money back account locked".split()


def make_tickets(n=400, seed=0):
    rng = np.random.default_rng(seed)
    texts, labels = [], []
    for _ in range(n):
        texts.append(" ".join(rng.choice(WORDS, size=8)))
        labels.append((rng.random(len(TAGS)) < [0.3, 0.1, 0.2, 0.05, 0.08]).astype(int))
    return texts, np.stack(labels)


def positive_weights(labels):
    pos = labels.sum(axis=0)
    neg = len(labels) - pos
    return neg / np.maximum(pos, 1)


class Tagger(nn.Module):
    def __init__(self, n_features, n_tags):
        super().__init__()
        self.linear = nn.Linear(n_features, n_tags)

    def forward(self, x):
        return self.linear(x)


def main():
    use_mps = torch.backends.mps.is_available()
    device = torch.device("mps" if use_mps else "cpu")
    texts, labels = make_tickets()
    vec = HashingVectorizer(n_features=256, alternate_sign=False, norm="l2")
    X = torch.tensor(vec.transform(texts).toarray(), dtype=torch.float32)
    Y = torch.tensor(labels, dtype=torch.float32)
    pos_weight = torch.tensor(positive_weights(labels))
    criterion = nn.BCEWithLogitsLoss(pos_weight=pos_weight.to(device))
    model = Tagger(X.shape[1], len(TAGS)).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    X, Y = X.to(device), Y.to(device)
    for epoch in range(20):
        loss = criterion(model(X), Y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("final loss", round(loss.item(), 4))


if __name__ == "__main__":
    main()
