import torch


class Undistorter:
    def __init__(self, coeffs, device):
        self.k = torch.as_tensor(coeffs, device=device)

    def __call__(self, grid):
        r2 = (grid**2).sum(-1, keepdim=True)
        k = self.k.to(grid.dtype)
        return grid * (1 + k[0] * r2 + k[1] * r2**2)
