"""Small transformer forecaster with a NumPy sinusoidal position table."""
import numpy as np
import torch
import torch.nn as nn


def get_device():
    if torch.cuda.is_available():
        return "cuda"
    if getattr(torch.backends, "mps", None) and torch.backends.mps.is_available():
        return "mps"
    return "cpu"


def sinusoid_table(n_position, d_hid):
    def angle_vec(pos):
        return [pos / np.power(10000, 2 * (j // 2) / d_hid) for j in range(d_hid)]

    table = np.array([angle_vec(p) for p in range(n_position)])
    table[:, 0::2] = np.sin(table[:, 0::2])
    table[:, 1::2] = np.cos(table[:, 1::2])
    return table


class Forecaster(nn.Module):
    def __init__(self, d_model=32, max_len=64, horizon=4, device="cpu"):
        super().__init__()
        self.embed = nn.Linear(1, d_model)
        self.pos = torch.tensor(sinusoid_table(max_len, d_model), device=device).unsqueeze(0)
        layer = nn.TransformerEncoderLayer(d_model, nhead=4, dim_feedforward=64, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=2)
        self.head = nn.Linear(d_model, horizon)

    def forward(self, series):
        h = self.embed(series.unsqueeze(-1))
        h = h + self.pos[:, : h.shape[1]].to(h.dtype)
        return self.head(self.encoder(h)[:, -1])


def main():
    device = get_device()
    torch.manual_seed(0)
    model = Forecaster(device=device).to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
    t = torch.arange(0, 40, dtype=torch.float32)
    for step in range(10):
        phase = torch.rand(16, 1) * 6.28
        series = torch.sin(t[None, :] * 0.3 + phase).to(device)
        history, target = series[:, :36], series[:, 36:]
        loss = nn.functional.mse_loss(model(history), target)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("loss", float(loss))


if __name__ == "__main__":
    main()
