# %% [markdown]
# Fitting a noisy sine with a small MLP (exported from a notebook)

# %%
import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
print(f"Using {device}")

# %%
rng = np.random.default_rng(42)
X = rng.uniform(-3, 3, size=(2000, 1))
y = np.sin(X[:, 0]) + 0.1 * rng.standard_normal(2000)

X_t = torch.from_numpy(X).float()
y_t = torch.from_numpy(y)
ds = TensorDataset(X_t, y_t)
loader = DataLoader(ds, batch_size=64, shuffle=True)

# %%
model = nn.Sequential(nn.Linear(1, 64), nn.Tanh(), nn.Linear(64, 64), nn.Tanh(), nn.Linear(64, 1)).to(device)
opt = torch.optim.Adam(model.parameters(), lr=3e-3)
loss_fn = nn.MSELoss()

for epoch in range(5):
    total = 0.0
    for xb, yb in loader:
        xb, yb = xb.to(device), yb.to(device)
        pred = model(xb).squeeze(-1)
        loss = loss_fn(pred, yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item() * len(xb)
    print(f"epoch {epoch}: mse {total / len(ds):.4f}")

# %%
grid = torch.linspace(-3, 3, 7, device=device).unsqueeze(1)
print(model(grid).squeeze().detach().cpu().numpy().round(2))
