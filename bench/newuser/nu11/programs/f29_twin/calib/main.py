import torch
import torch.nn.functional as F

from calib.fit import fit_distortion, synth_points
from calib.undistort import Undistorter


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def main():
    device = get_device()
    coeffs = fit_distortion(*synth_points())
    undistort = Undistorter(coeffs, device)
    ys, xs = torch.meshgrid(torch.linspace(-1, 1, 8), torch.linspace(-1, 1, 8), indexing="ij")
    grid = torch.stack([xs, ys], -1)[None].to(device)
    image = torch.rand(1, 3, 8, 8, device=device)
    warped = F.grid_sample(image, undistort(grid), align_corners=True)
    print("coeffs", coeffs.round(3).tolist(), "mean", round(warped.mean().item(), 4))


if __name__ == "__main__":
    main()
