"""Train a classifier on the device; compute AUROC as a float64 reference on the CPU."""
import torch
from torch import nn


def auroc(scores, labels):
    # rank statistic accumulated in double on the CPU for a stable reference value
    s = scores.detach().cpu().double()
    y = labels.detach().cpu().double()
    order = torch.argsort(s)
    ranks = torch.empty_like(s)
    ranks[order] = torch.arange(1, len(s) + 1, dtype=torch.float64)
    n_pos = y.sum()
    n_neg = len(y) - n_pos
    return ((ranks * y).sum() - n_pos * (n_pos + 1) / 2).item() / (n_pos * n_neg).item()


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def main():
    torch.manual_seed(0)
    device = get_device()
    x = torch.randn(512, 6, device=device)
    y = (x[:, 0] + 0.5 * x[:, 1] > 0).float()
    model = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 1)).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(30):
        loss = nn.functional.binary_cross_entropy_with_logits(model(x).squeeze(1), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(f"AUROC {auroc(model(x).squeeze(1), y):.4f}")


if __name__ == "__main__":
    main()
