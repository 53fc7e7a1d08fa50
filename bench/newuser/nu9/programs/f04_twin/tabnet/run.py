import json

import torch

from tabnet.model import ScaledMLP
from tabnet.prep import fit_scaler, load_data


def pick_device():
    if torch.cuda.is_available():
        return "cuda"
    if torch.backends.mps.is_available():
        return "mps"
    return "cpu"


def main():
    torch.manual_seed(0)
    device = pick_device()
    X, y = load_data()
    model = ScaledMLP(fit_scaler(X[:150]))
    model = model.to(device)
    xb = torch.from_numpy(X[150:]).to(device)
    yb = torch.from_numpy(y[150:]).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(30):
        loss = torch.nn.functional.cross_entropy(model(xb), yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("RESULT " + json.dumps({"loss": loss.item()}))


if __name__ == "__main__":
    main()
