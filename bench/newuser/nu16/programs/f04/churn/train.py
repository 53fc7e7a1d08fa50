import torch
from torch.utils.data import DataLoader, TensorDataset

from churn.config import TrainConfig
from churn.model import ChurnNet
from churn.preprocessing import NUMERIC, fit_scaler, synthetic_customers


def main(cfg=None):
    cfg = cfg or TrainConfig()
    frame = synthetic_customers(cfg.n_customers)
    scaler = fit_scaler(frame)
    x = torch.tensor(frame[NUMERIC].to_numpy(), dtype=torch.float32)
    y = torch.tensor(frame["churned"].to_numpy(), dtype=torch.float32)
    loader = DataLoader(TensorDataset(x, y), batch_size=cfg.batch_size, shuffle=True)
    model = ChurnNet(scaler.mean_, scaler.scale_).to(cfg.device)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    loss_fn = torch.nn.BCEWithLogitsLoss()
    for epoch in range(cfg.epochs):
        for xb, yb in loader:
            xb, yb = xb.to(cfg.device), yb.to(cfg.device)
            loss = loss_fn(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch} loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
