"""Nearest-neighbour retrieval of wine samples in a PCA space, on the accelerator."""
import os

import torch
from sklearn.datasets import load_wine
from sklearn.decomposition import PCA
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler


def accelerator():
    name = os.environ.get("RETRIEVAL_DEVICE")
    if name:
        return torch.device(name)
    return torch.device("mps" if torch.backends.mps.is_available() else "cpu")


def build_index(train_x, n_components=5):
    scaler = StandardScaler().fit(train_x)
    pca = PCA(n_components=n_components, random_state=0).fit(scaler.transform(train_x))
    return scaler, pca


def embed(scaler, pca, x, device):
    projected = pca.transform(scaler.transform(x))
    return torch.as_tensor(projected, dtype=torch.float32, device=device)


def main():
    data = load_wine()
    x_train, x_test, y_train, y_test = train_test_split(data.data, data.target, random_state=0)
    device = accelerator()
    scaler, pca = build_index(x_train)
    database = embed(scaler, pca, x_train, device)
    queries = embed(scaler, pca, x_test, device)
    dist = torch.cdist(queries, database)
    nearest = dist.topk(3, largest=False).indices.cpu()
    labels = torch.as_tensor(y_train)[nearest].mode(dim=1).values
    accuracy = (labels == torch.as_tensor(y_test)).float().mean().item()
    print(f"3-NN accuracy in PCA space: {accuracy:.3f}")


if __name__ == "__main__":
    main()
