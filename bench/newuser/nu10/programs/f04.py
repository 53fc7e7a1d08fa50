"""Classifier that carries its own input standardization (so it can be exported as one module)."""
import torch
import torch.nn as nn
from sklearn.datasets import make_classification
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler


class ScaledClassifier(nn.Module):
    def __init__(self, scaler, n_features, n_classes):
        super().__init__()
        self.register_buffer("mean", torch.from_numpy(scaler.mean_))
        self.register_buffer("scale", torch.from_numpy(scaler.scale_))
        self.body = nn.Sequential(nn.Linear(n_features, 64), nn.ReLU(), nn.Linear(64, n_classes))

    def forward(self, x):
        z = (x - self.mean) / self.scale
        return self.body(z.float())


X, y = make_classification(n_samples=600, n_features=12, n_informative=6, n_classes=3, random_state=0)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=0)
scaler = StandardScaler().fit(X_train)

device = "mps" if torch.backends.mps.is_available() else "cpu"
model = ScaledClassifier(scaler, X.shape[1], 3).to(device)
xb = torch.tensor(X_train, dtype=torch.float32, device=device)
yb = torch.tensor(y_train, device=device)
opt = torch.optim.Adam(model.parameters(), lr=5e-3)
for epoch in range(100):
    loss = nn.functional.cross_entropy(model(xb), yb)
    opt.zero_grad()
    loss.backward()
    opt.step()

with torch.no_grad():
    pred = model(torch.tensor(X_test, dtype=torch.float32, device=device)).argmax(1).cpu()
print("test accuracy", (pred.numpy() == y_test).mean())
