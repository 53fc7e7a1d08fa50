"""A custom autograd op (soft-thresholding) checked with gradcheck in float64 on the CPU, then used to train."""
import numpy as np
import torch


class SoftThreshold(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, lam):
        ctx.save_for_backward(x, lam)
        return torch.sign(x) * torch.clamp(x.abs() - lam, min=0)

    @staticmethod
    def backward(ctx, grad_out):
        x, lam = ctx.saved_tensors
        active = (x.abs() > lam).to(grad_out.dtype)
        grad_lam = (-torch.sign(x) * active * grad_out).sum().reshape(lam.shape)
        return grad_out * active, grad_lam


def check_gradients():
    # gradcheck's finite differences need double precision; this runs on the CPU only
    x = torch.tensor(np.array([-1.5, -0.3, 0.2, 0.9, 2.0]), requires_grad=True)
    lam = torch.tensor(np.array([0.5]), requires_grad=True)
    return torch.autograd.gradcheck(SoftThreshold.apply, (x, lam), eps=1e-6, atol=1e-4)


def train_sparse_code(device, steps=300):
    rng = np.random.default_rng(0)
    D = torch.from_numpy(rng.normal(size=(32, 64)).astype(np.float32)).to(device)
    code_true = torch.zeros(64, device=device)
    code_true[[3, 17, 40]] = torch.tensor([1.0, -2.0, 1.5], device=device)
    signal = D @ code_true
    z = torch.zeros(64, device=device, requires_grad=True)
    lam = torch.full((1,), 0.05, device=device)
    opt = torch.optim.Adam([z], lr=0.05)
    for _ in range(steps):
        loss = ((D @ SoftThreshold.apply(z, lam) - signal) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return SoftThreshold.apply(z, lam).detach().abs().topk(3).indices.sort().values.cpu().tolist()


if __name__ == "__main__":
    print("gradcheck:", check_gradients())
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    print("recovered support:", train_sparse_code(device))
