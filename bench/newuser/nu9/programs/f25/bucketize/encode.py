import json

import torch
import torch.nn as nn

from .stats import demo_frame, quantile_edges

COLUMNS = ["income", "age", "tenure"]


class BucketEmbedding(nn.Module):
    """Embeds each numeric feature by the quantile bucket it falls in."""

    def __init__(self, edges, dim=4):
        super().__init__()
        self.boundaries = [torch.tensor(e) for e in edges]
        self.tables = nn.ModuleList(nn.Embedding(len(e) + 1, dim) for e in edges)

    def forward(self, x):
        parts = []
        for j, table in enumerate(self.tables):
            bounds = self.boundaries[j].to(x.device)
            parts.append(table(torch.bucketize(x[:, j].contiguous(), bounds)))
        return torch.cat(parts, dim=1)


def main():
    torch.manual_seed(0)
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    df = demo_frame()
    emb = BucketEmbedding(quantile_edges(df, COLUMNS)).to(device)
    x = torch.tensor(df[COLUMNS].to_numpy(dtype="float32")[:16], device=device)
    out = emb(x)
    print("RESULT " + json.dumps({"sum": out.sum().item(), "shape": list(out.shape)}))


if __name__ == "__main__":
    main()
