import torch
import torch.nn.functional as F

from tabnorm.model import Classifier
from tabnorm.preprocess import fit_scaler, make_data


def pick_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def main():
    device = pick_device()
    X, y = make_data()
    scaler = fit_scaler(X)
    model = Classifier(scaler, X.shape[1]).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    xb = torch.from_numpy(X).to(device)
    yb = torch.from_numpy(y).to(device)
    for step in range(2):
        loss = F.cross_entropy(model(xb), yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
