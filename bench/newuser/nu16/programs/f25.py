"""Predict essay scores from bag-of-words vectors; targets come from a list of records."""
import random

import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset

VOCAB = ["good", "bad", "clear", "vague", "argument", "evidence", "typo", "structure"]


def make_records(n=300, seed=0):
    rnd = random.Random(seed)
    records = []
    for _ in range(n):
        words = [rnd.choice(VOCAB) for _ in range(rnd.randint(5, 30))]
        score = 3 + words.count("good") + words.count("evidence") - words.count("typo") - words.count("vague")
        records.append({"text": " ".join(words), "score": max(0, min(10, score))})
    return records


class EssayDataset(Dataset):
    def __init__(self, records):
        self.records = records
        self.index = {w: i for i, w in enumerate(VOCAB)}

    def __len__(self):
        return len(self.records)

    def __getitem__(self, i):
        rec = self.records[i]
        bow = torch.zeros(len(VOCAB))
        for w in rec["text"].split():
            bow[self.index[w]] += 1
        return bow, float(rec["score"]) / 10


def main():
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    torch.manual_seed(0)
    loader = DataLoader(EssayDataset(make_records()), batch_size=32, shuffle=True)
    model = nn.Sequential(nn.Linear(len(VOCAB), 16), nn.ReLU(), nn.Linear(16, 1)).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(3):
        for bow, score in loader:
            bow, score = bow.to(device), score.to(device)
            loss = ((model(bow).squeeze(-1) - score) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: {loss.item():.4f}")


if __name__ == "__main__":
    main()
