"""Training loop that accumulates its epoch statistics in float64 on the host."""
import numpy as np
import torch
from torch import nn


def main():
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 1)).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=1e-2)
    w_true = torch.randn(16, 1)
    history = []
    for epoch in range(3):
        running = torch.zeros((), dtype=torch.float64)
        sq_errors = []
        for _ in range(20):
            x = torch.randn(64, 16)
            y = x @ w_true
            pred = model(x.to(device))
            loss = nn.functional.mse_loss(pred, y.to(device))
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.detach().cpu().double()
            sq_errors.append(((pred.detach() - y.to(device)) ** 2).cpu().double().numpy())
        mse = float(np.concatenate(sq_errors).astype(np.float64).mean())
        history.append(running.item() / 20)
        print(f"epoch {epoch}: mean loss {history[-1]:.4f} mse {mse:.4f}")


if __name__ == "__main__":
    main()
