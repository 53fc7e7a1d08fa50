import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from .data import FEATURES, make_dataset
from .model import ChurnMLP


def pick_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def train(epochs=3):
    device = pick_device()
    loader = DataLoader(make_dataset(), batch_size=32, shuffle=True)
    model = ChurnMLP(len(FEATURES)).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        total = 0.0
        for features, labels in loader:
            features = features.to(device)
            labels = labels.to(device)
            logits = model(features.float())
            loss = F.cross_entropy(logits, labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        print(f"epoch {epoch}: loss {total / len(loader):.4f}")


if __name__ == "__main__":
    train()
