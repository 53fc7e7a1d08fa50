"""ZCA whitening: the eigen-decomposition runs in float64 on the CPU, the whitening on the device."""
import torch


def zca_matrix(x, eps=1e-7):
    """Whitening matrix of the rows of x. Small eigenvalues make this unstable in float32,
    so it is computed on the CPU in double precision."""
    x64 = x.detach().to("cpu", dtype=torch.float64)
    xc = x64 - x64.mean(0)
    cov = xc.T @ xc / (len(xc) - 1)
    evals, evecs = torch.linalg.eigh(cov)
    return evecs @ torch.diag(1.0 / torch.sqrt(evals + eps)) @ evecs.T, x64.mean(0)


def main():
    device = torch.device("mps") if torch.backends.mps.is_available() else torch.device("cpu")
    g = torch.Generator().manual_seed(0)
    mixing = torch.randn(16, 16, generator=g) * torch.logspace(0, -2, 16)
    data = (torch.randn(5000, 16, generator=g) @ mixing.T).to(device)
    W, mean = zca_matrix(data)
    W, mean = W.to(device, dtype=torch.float32), mean.to(device, dtype=torch.float32)
    white = (data - mean) @ W.T
    cov = white.T @ white / (len(white) - 1)
    err = (cov - torch.eye(16, device=device)).abs().max()
    print(f"max deviation of the whitened covariance from identity: {err.item():.3e}")


if __name__ == "__main__":
    main()
