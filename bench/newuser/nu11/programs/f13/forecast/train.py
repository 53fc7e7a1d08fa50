import torch
import torch.nn as nn

from forecast.features import add_features, load_demand
from forecast.windows import sliding_windows

if torch.cuda.is_available():
    DEVICE = torch.device("cuda")
elif torch.backends.mps.is_available():
    DEVICE = torch.device("mps")
else:
    DEVICE = torch.device("cpu")


class GRUForecaster(nn.Module):
    def __init__(self, n_features=4, hidden=16):
        super().__init__()
        self.gru = nn.GRU(n_features, hidden, batch_first=True)
        self.head = nn.Linear(hidden, 1)

    def forward(self, x):
        out, _ = self.gru(x)
        return self.head(out[:, -1])


def main():
    frame = add_features(load_demand())
    model = GRUForecaster().to(DEVICE)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step, (xb, yb) in enumerate(sliding_windows(frame)):
        xb = torch.as_tensor(xb, device=DEVICE).float()
        yb = torch.as_tensor(yb, device=DEVICE).float()
        loss = nn.functional.mse_loss(model(xb), yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step == 1:
            break
    print("last loss", round(loss.item(), 4))


if __name__ == "__main__":
    main()
