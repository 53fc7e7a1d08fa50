"""Custom autograd op for a smooth clipping activation; gradient-checked in double on the CPU."""
import torch
import torch.nn as nn


class SoftClip(torch.autograd.Function):
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
    x = torch.randn(6, 3, dtype=torch.float64, requires_grad=True)
    return torch.autograd.gradcheck(lambda t: SoftClip.apply(t, 2.5), (x,), eps=1e-6, atol=1e-4)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1, self.fc2 = nn.Linear(8, 16), nn.Linear(16, 1)

    def forward(self, x):
        return self.fc2(SoftClip.apply(self.fc1(x), 2.5))


if __name__ == "__main__":
    assert check_gradients()
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    net = Net().to(device)
    opt = torch.optim.SGD(net.parameters(), lr=0.05)
    for _ in range(20):
        x = torch.randn(32, 8, device=device)
        loss = (net(x).squeeze(1) - x.sum(1)).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("gradcheck ok, loss", loss.item())
