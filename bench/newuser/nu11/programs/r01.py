"""Check a custom autograd function's backward with gradcheck (float64 on the CPU), then train with it on the device."""
import torch


class SoftClip(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, limit):
        ctx.save_for_backward(x)
        ctx.limit = limit
        return limit * torch.tanh(x / limit)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * (1 - torch.tanh(x / ctx.limit) ** 2), None


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def main():
    x = torch.randn(6, dtype=torch.double, requires_grad=True)
    assert torch.autograd.gradcheck(lambda t: SoftClip.apply(t, 2.0), (x,))
    device = get_device()
    w = torch.randn(4, 4, device=device, requires_grad=True)
    y = SoftClip.apply(torch.randn(3, 4, device=device) @ w, 2.0).sum()
    y.backward()
    print("gradcheck ok, grad norm", round(w.grad.norm().item(), 4))


if __name__ == "__main__":
    main()
