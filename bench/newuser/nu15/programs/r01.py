"""A custom autograd op checked with gradcheck in double on the CPU, then trained on the accelerator."""
import torch
import torch.nn as nn


class SoftClamp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, limit):
        ctx.save_for_backward(x)
        ctx.limit = limit
        return limit * torch.tanh(x / limit)

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        return grad_out * (1 - torch.tanh(x / ctx.limit) ** 2), None


def check_gradients():
    x = torch.randn(8, 3, dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradcheck(lambda t: SoftClamp.apply(t, 2.0), (x,), eps=1e-6, atol=1e-4)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 1)

    def forward(self, x):
        return self.fc(SoftClamp.apply(x, 2.0))


def main():
    check_gradients()
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    model = Net().to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    x = torch.randn(64, 3, device=device)
    y = x.sum(1, keepdim=True)
    for _ in range(20):
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("gradcheck ok, loss", round(loss.item(), 4))


if __name__ == "__main__":
    main()
