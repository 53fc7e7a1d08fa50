"""A custom autograd op verified with gradcheck in double on the CPU, then trained on the accelerator."""
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
        return grad_out * (1 - torch.tanh(x / ctx.limit) ** 2), None


def check_gradients():
    x = torch.randn(16, dtype=torch.float64, device="cpu", requires_grad=True)
    return torch.autograd.gradcheck(lambda t: SoftClamp.apply(t, 3.0), (x,), eps=1e-6, atol=1e-4)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 1)

    def forward(self, x):
        return SoftClamp.apply(self.fc(x), 3.0)


if __name__ == "__main__":
    assert check_gradients()
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    torch.manual_seed(0)
    net = Net().to(device)
    x = torch.randn(32, 8, device=device)
    loss = net(x).pow(2).mean()
    loss.backward()
    print("gradcheck ok, loss", round(loss.item(), 4))
