"""Small transformer encoder for sequence classification with sinusoidal positions."""
import math

import numpy as np
import torch
from torch import nn

DEVICE = "mps" if torch.backends.mps.is_available() else ("cuda" if torch.cuda.is_available() else "cpu")


def sinusoid_table(max_len, d_model):
    position = np.arange(max_len)[:, np.newaxis]
    div_term = np.exp(np.arange(0, d_model, 2) * -(math.log(10000.0) / d_model))
    table = np.zeros((max_len, d_model))
    table[:, 0::2] = np.sin(position * div_term)
    table[:, 1::2] = np.cos(position * div_term)
    return table


class PositionalEncoding(nn.Module):
    def __init__(self, d_model, max_len=512, dropout=0.1):
        super().__init__()
        self.dropout = nn.Dropout(dropout)
        self.table = torch.tensor(sinusoid_table(max_len, d_model), dtype=torch.float32)

    def forward(self, x):
        pe = self.table[: x.size(1)].to(x.device).type_as(x)
        return self.dropout(x + pe.unsqueeze(0))


class SeqClassifier(nn.Module):
    def __init__(self, vocab=100, d_model=32, n_classes=3):
        super().__init__()
        self.embed = nn.Embedding(vocab, d_model)
        self.pos = PositionalEncoding(d_model)
        layer = nn.TransformerEncoderLayer(d_model, 4, 64, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, 2)
        self.head = nn.Linear(d_model, n_classes)

    def forward(self, tokens):
        h = self.encoder(self.pos(self.embed(tokens)))
        return self.head(h.mean(1))


def main():
    torch.manual_seed(0)
    model = SeqClassifier().to(DEVICE)
    tokens = torch.randint(0, 100, (8, 20)).to(DEVICE)
    labels = torch.randint(0, 3, (8,)).to(DEVICE)
    loss = nn.functional.cross_entropy(model(tokens), labels)
    loss.backward()
    print("loss", loss.item())


if __name__ == "__main__":
    main()
