import torch
from torch.utils.data import DataLoader

from .data import encode, synthetic_ratings, to_dataset
from .model import MatrixFactorization


def select_device():
    for name, ok in (("cuda", torch.cuda.is_available()), ("mps", torch.backends.mps.is_available())):
        if ok:
            return torch.device(name)
    return torch.device("cpu")


def fit(epochs=3):
    device = select_device()
    frame, n_users, n_items = encode(synthetic_ratings())
    train_loader = DataLoader(to_dataset(frame), batch_size=128, shuffle=True)
    model = MatrixFactorization(n_users, n_items).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=0.02, weight_decay=1e-4)
    for epoch in range(epochs):
        for users, items, ratings in train_loader:
            users, items, ratings = users.to(device), items.to(device), ratings.to(device)
            loss = ((model(users, items) - ratings) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: mse {loss.item():.3f}")


if __name__ == "__main__":
    fit()
