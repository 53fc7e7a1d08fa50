"""Fit the price model and report validation error."""
import torch

from housing.config import Config
from housing.model import PriceMLP
from housing.preprocess import build_pipeline, synthetic_listings


def to_tensors(pipe, df, cfg):
    x = torch.tensor(pipe.transform(df), dtype=torch.float32, device=cfg.device)
    y = torch.tensor(df["price"].to_numpy() / 1e5, dtype=torch.float32, device=cfg.device)
    return x, y


def main():
    cfg = Config()
    df = synthetic_listings()
    train_df, val_df = df.iloc[:320], df.iloc[320:]
    pipe = build_pipeline().fit(train_df)
    x_tr, y_tr = to_tensors(pipe, train_df, cfg)
    x_va, y_va = to_tensors(pipe, val_df, cfg)
    model = PriceMLP(x_tr.shape[1], cfg.hidden).to(cfg.device)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for _ in range(cfg.epochs):
        loss = torch.nn.functional.mse_loss(model(x_tr), y_tr.float())
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        val = torch.nn.functional.mse_loss(model(x_va), y_va.float())
    print(f"train {loss.item():.3f} val {val.item():.3f}")


if __name__ == "__main__":
    main()
