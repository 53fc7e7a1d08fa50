import json

import torch
import torch.nn as nn

from regress.synth import make_data
from regress.utils import best_device, iterate_minibatches


def main():
    torch.manual_seed(0)
    dev = best_device()
    X, y = make_data()
    model = nn.Linear(X.shape[1], 1).to(dev)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for epoch in range(5):
        for xb, yb in iterate_minibatches(X, y, 16, seed=epoch):
            xb = torch.as_tensor(xb, dtype=torch.float32, device=dev)
            yb = torch.as_tensor(yb, device=dev)
            loss = ((model(xb).squeeze(1) - yb) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
    print("RESULT " + json.dumps({"loss": loss.item()}))


if __name__ == "__main__":
    main()
