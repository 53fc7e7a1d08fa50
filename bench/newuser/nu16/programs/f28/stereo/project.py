import torch

from stereo.geometry import PinholeCamera

CAMERA = {"width": 640, "height": 480, "fov": 70.0}


def device_for_run():
    return torch.device("mps" if torch.backends.mps.is_available() else "cpu")


def project(points, K):
    """Project (N, 3) camera-frame points to pixels."""
    uvw = points.to(K.dtype) @ K.T
    return (uvw[:, :2] / uvw[:, 2:]).to(points.dtype)


def main():
    device = device_for_run()
    camera = PinholeCamera.from_config(CAMERA)
    K = camera.K.to(device)
    torch.manual_seed(0)
    points = torch.randn(1000, 3, device=device) + torch.tensor([0.0, 0.0, 5.0], device=device)
    pixels = project(points, K)
    inside = (pixels[:, 0] >= 0) & (pixels[:, 0] < camera.width) & (pixels[:, 1] >= 0) & (pixels[:, 1] < camera.height)
    print("points in view:", int(inside.sum()))


if __name__ == "__main__":
    main()
