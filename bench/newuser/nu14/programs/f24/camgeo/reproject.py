import torch

from .geometry import project_points
from .io import load_camera, write_example


def get_device():
    return torch.device("mps") if torch.backends.mps.is_available() else torch.device("cpu")


def main():
    device = get_device()
    camera = load_camera(write_example())
    grid = torch.stack(torch.meshgrid(torch.linspace(-0.5, 0.5, 5), torch.linspace(-0.4, 0.4, 4),
                                      indexing="ij"), dim=-1).reshape(-1, 2)
    points = torch.cat([grid, torch.full((grid.shape[0], 1), 2.0)], dim=1).to(device)
    pixels = project_points(points, camera)
    print(pixels[:4])


if __name__ == "__main__":
    main()
