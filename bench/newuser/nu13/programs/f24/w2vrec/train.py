import torch

from .data import fake_interactions, item_frequencies, skipgram_pairs
from .model import Item2Vec
from .sampler import UnigramSampler

N_ITEMS = 200


def get_device():
    return torch.device("mps") if torch.backends.mps.is_available() else torch.device("cpu")


def main(epochs=2, batch=256, negatives=5):
    device = get_device()
    events = fake_interactions(n_items=N_ITEMS)
    pairs = torch.from_numpy(skipgram_pairs(events)).to(device)
    sampler = UnigramSampler(item_frequencies(events, N_ITEMS))
    model = Item2Vec(N_ITEMS).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    for epoch in range(epochs):
        perm = torch.randperm(len(pairs), device=device)
        for start in range(0, len(pairs), batch):
            b = pairs[perm[start:start + batch]]
            neg = sampler.sample(len(b), negatives, device)
            loss = model(b[:, 0], b[:, 1], neg)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
