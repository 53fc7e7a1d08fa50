import json

import torch
import torch.nn as nn

from .encodings import sinusoid_table


class TinyEncoder(nn.Module):
    def __init__(self, vocab=50, d_model=16, max_len=64):
        super().__init__()
        self.embed = nn.Embedding(vocab, d_model)
        self.pos = torch.from_numpy(sinusoid_table(max_len, d_model)).float()
        self.layer = nn.TransformerEncoderLayer(d_model, nhead=2, dim_feedforward=32, batch_first=True)
        self.head = nn.Linear(d_model, vocab)

    def forward(self, tokens):
        x = self.embed(tokens)
        x = x + self.pos[: tokens.size(1)].to(x.device).type_as(x)
        return self.head(self.layer(x))


def main():
    torch.manual_seed(0)
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    model = TinyEncoder().to(device).eval()
    tokens = torch.randint(0, 50, (2, 10), device=device)
    with torch.no_grad():
        logits = model(tokens)
    print("RESULT " + json.dumps({"logit_mean": logits.mean().item(), "logit_std": logits.std().item()}))


if __name__ == "__main__":
    main()
