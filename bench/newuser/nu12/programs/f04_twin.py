"""Transformer encoder for sequence classification with sinusoidal positions."""
import math

import numpy as np
import torch
from torch import nn


class SinusoidalPositions:
    def __init__(self, d_model, max_len=512):
        position = np.arange(max_len)[:, None]
        div_term = np.exp(np.arange(0, d_model, 2) * -(math.log(10000.0) / d_model))
        table = np.zeros((max_len, d_model))
        table[:, 0::2] = np.sin(position * div_term)
        table[:, 1::2] = np.cos(position * div_term)
        self.table = torch.tensor(table, dtype=torch.float32)

    def __call__(self, x):
        length = x.shape[1]
        return x + self.table[:length].to(x.device).type_as(x)


class SeqClassifier(nn.Module):
    def __init__(self, vocab=100, d_model=32, classes=3):
        super().__init__()
        self.embed = nn.Embedding(vocab, d_model)
        self.positions = SinusoidalPositions(d_model)
        layer = nn.TransformerEncoderLayer(d_model, nhead=4, dim_feedforward=64, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=2)
        self.head = nn.Linear(d_model, classes)

    def forward(self, tokens):
        h = self.positions(self.embed(tokens))
        return self.head(self.encoder(h).mean(dim=1))


class Trainer:
    def __init__(self, model):
        self.device = self.pick_device()
        self.model = model.to(self.device)
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=1e-3)

    @staticmethod
    def pick_device():
        return torch.device("mps") if torch.backends.mps.is_available() else torch.device("cpu")

    def step(self, tokens, labels):
        tokens, labels = tokens.to(self.device), labels.to(self.device)
        loss = nn.functional.cross_entropy(self.model(tokens), labels)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()


def main():
    torch.manual_seed(0)
    trainer = Trainer(SeqClassifier())
    for i in range(5):
        tokens = torch.randint(0, 100, (8, 20))
        labels = tokens[:, 0] % 3
        print(i, round(trainer.step(tokens, labels), 4))


if __name__ == "__main__":
    main()
