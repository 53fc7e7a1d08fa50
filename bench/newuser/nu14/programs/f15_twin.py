"""Imbalanced text-free classification: inverse-frequency class weights for the loss."""
import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


def make_imbalanced(n=600, n_classes=4, seed=0):
    gen = torch.Generator().manual_seed(seed)
    labels = torch.multinomial(torch.tensor([0.7, 0.2, 0.07, 0.03]), n, replacement=True, generator=gen)
    feats = torch.randn(n, 12, generator=gen) + labels[:, None].float() * 0.5
    return feats, labels


def inverse_frequency_weights(labels, n_classes):
    counts = np.bincount(labels, minlength=n_classes)
    weights = len(labels) / (n_classes * np.maximum(counts, 1))
    return weights / weights.mean()


def main():
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    feats, labels = make_imbalanced()
    class_weights = inverse_frequency_weights(labels.numpy(), 4)
    criterion = nn.CrossEntropyLoss(weight=torch.from_numpy(class_weights).float().to(device))
    criterion_eval = nn.CrossEntropyLoss(weight=torch.tensor(class_weights, dtype=torch.float32).to(device))
    model = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, 4)).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    loader = DataLoader(TensorDataset(feats, labels), batch_size=64, shuffle=True)
    for epoch in range(2):
        for x, y in loader:
            loss = criterion(model(x.to(device)), y.to(device))
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            val = criterion_eval(model(feats.to(device)), labels.to(device))
        print(f"epoch {epoch}: train {loss.item():.3f} val {val.item():.3f}")


if __name__ == "__main__":
    main()
