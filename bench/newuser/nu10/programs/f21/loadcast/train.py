import torch
import torch.nn as nn

from loadcast.windows import batches, make_windows, synthetic_load


def select_device(prefer=None):
    if prefer:
        return torch.device(prefer)
    if torch.cuda.is_available():
        return torch.device("cuda")
    return torch.device("mps" if torch.backends.mps.is_available() else "cpu")


class Forecaster(nn.Module):
    def __init__(self, hidden=32, horizon=6):
        super().__init__()
        self.gru = nn.GRU(1, hidden, batch_first=True)
        self.head = nn.Linear(hidden, horizon)

    def forward(self, x):
        _, h = self.gru(x)
        return self.head(h[-1])


def main():
    device = select_device()
    X, Y = make_windows(synthetic_load())
    model = Forecaster().to(device)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for epoch in range(3):
        total, n = 0.0, 0
        for xb, yb in batches(X, Y):
            xb = torch.as_tensor(xb, device=device).float()
            yb = torch.as_tensor(yb, device=device).float()
            loss = nn.functional.mse_loss(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total, n = total + loss.item() * len(xb), n + len(xb)
        print(f"epoch {epoch}: mse {total / n:.4f}")


if __name__ == "__main__":
    main()
