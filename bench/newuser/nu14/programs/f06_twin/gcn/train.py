import torch
import torch.nn.functional as F

from .graph import GraphData
from .layers import GCN


class Trainer:
    def __init__(self, data, lr=0.01):
        self.device = torch.device("mps") if torch.backends.mps.is_available() else torch.device("cpu")
        self.data = data
        self.model = GCN(data.features.shape[1], 32, data.n_classes).to(self.device)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=lr)
        self.x = torch.from_numpy(data.features).to(self.device)
        self.y = torch.from_numpy(data.labels).to(self.device)
        self.adj = torch.from_numpy(data.adj.toarray()).float().to(self.device)

    def step(self):
        self.model.train()
        logits = self.model(self.x, self.adj.float())
        loss = F.cross_entropy(logits, self.y)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()


if __name__ == "__main__":
    trainer = Trainer(GraphData())
    for epoch in range(20):
        loss = trainer.step()
    print("loss", loss)
