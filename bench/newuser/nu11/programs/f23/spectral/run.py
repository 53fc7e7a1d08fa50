import torch

from spectral.layers import Denoiser


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def main():
    device = get_device()
    model = Denoiser(64).to(device)
    t = torch.linspace(0, 1, 64)
    clean = torch.sin(2 * torch.pi * 3 * t)
    noisy = (clean + 0.3 * torch.randn(4, 64)).to(device)
    loss = (model(noisy) - clean.to(device)).pow(2).mean()
    loss.backward()
    print("loss", round(loss.item(), 4))


if __name__ == "__main__":
    main()
