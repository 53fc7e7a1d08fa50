import torch
import torch.nn as nn

from recsys.data import batches, centred, synth_ratings


class MF(nn.Module):
    def __init__(self, n_users, n_items, k=8):
        super().__init__()
        self.u = nn.Embedding(n_users, k)
        self.i = nn.Embedding(n_items, k)

    def forward(self, users, items):
        return (self.u(users) * self.i(items)).sum(-1)


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def main():
    device = get_device()
    users, items, ratings = synth_ratings()
    target = centred(users, ratings, 20)
    model = MF(20, 30).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for step, batch in enumerate(batches(users, items, target)):
        b = batch.to(device)
        loss = (model(b.users, b.items) - b.ratings.float()).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step == 1:
            break
    print("mse", round(loss.item(), 4))


if __name__ == "__main__":
    main()
