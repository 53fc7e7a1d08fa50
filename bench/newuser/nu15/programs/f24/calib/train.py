import torch

from calib.losses import focal_loss
from calib.model import make_classifier


def get_device():
    return torch.device("cuda") if torch.cuda.is_available() else (
        torch.device("mps") if torch.backends.mps.is_available() else torch.device("cpu"))


def main():
    device = get_device()
    model = make_classifier().to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    x = torch.randn(256, 20, device=device)
    y = (x[:, :4].argmax(1)).to(device)
    for step in range(10):
        loss = focal_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("loss", loss.item())


if __name__ == "__main__":
    main()
