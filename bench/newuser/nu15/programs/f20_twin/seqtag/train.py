import torch
import torch.nn.functional as F

from seqtag.model import Tagger


def best_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def main():
    device = best_device()
    model = Tagger(vocab=100, n_tags=5).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(3):
        tokens = torch.randint(0, 100, (8, 20), device=device)
        tags = tokens % 5
        loss = F.cross_entropy(model(tokens).flatten(0, 1), tags.flatten())
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())


if __name__ == "__main__":
    main()
