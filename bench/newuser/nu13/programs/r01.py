"""A custom autograd function checked with gradcheck in double on the CPU, then trained on the device."""
import torch
from torch import nn


class SoftClamp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, limit):
        y = limit * torch.tanh(x / limit)
        ctx.save_for_backward(x)
        ctx.limit = limit
        return y

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        t = torch.tanh(x / ctx.limit)
        return grad_out * (1 - t * t), None


def check_gradients():
    # gradcheck needs double precision; this runs on the CPU only
    x = torch.randn(8, 3, dtype=torch.float64, requires_grad=True)
    return torch.autograd.gradcheck(lambda t: SoftClamp.apply(t, 2.0), (x,), eps=1e-6, atol=1e-4)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1, self.fc2 = nn.Linear(4, 16), nn.Linear(16, 1)

    def forward(self, x):
        return self.fc2(SoftClamp.apply(self.fc1(x), 3.0))


def main():
    assert check_gradients()
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    model = Net().to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    x = torch.randn(128, 4, device=device)
    y = x.sum(dim=1, keepdim=True).sin()
    for _ in range(20):
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("gradcheck ok, loss", loss.item())


if __name__ == "__main__":
    main()
