import torch
import torch.nn as nn

from seqtag.layers import sinusoid_table


class Tagger(nn.Module):
    def __init__(self, vocab, n_tags, d_model=32, max_len=64):
        super().__init__()
        self.embed = nn.Embedding(vocab, d_model)
        self.pos = nn.Parameter(sinusoid_table(max_len, d_model), requires_grad=False)
        layer = nn.TransformerEncoderLayer(d_model, 4, 64, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)
        self.out = nn.Linear(d_model, n_tags)

    def forward(self, tokens):
        h = self.embed(tokens) + self.pos[:, : tokens.shape[1]].to(self.embed.weight.dtype)
        return self.out(self.encoder(h))
