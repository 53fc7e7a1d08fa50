import torch


def project_points(points, camera):
    """Pinhole projection with Brown-Conrady radial/tangential distortion."""
    K = torch.from_numpy(camera["K"]).to(points)
    k1, k2, p1, p2, k3 = torch.as_tensor(camera["dist"]).to(points.device)
    x = points[:, 0] / points[:, 2]
    y = points[:, 1] / points[:, 2]
    r2 = x * x + y * y
    radial = 1 + k1 * r2 + k2 * r2 ** 2 + k3 * r2 ** 3
    xd = x * radial + 2 * p1 * x * y + p2 * (r2 + 2 * x * x)
    yd = y * radial + p1 * (r2 + 2 * y * y) + 2 * p2 * x * y
    u = K[0, 0] * xd + K[0, 2]
    v = K[1, 1] * yd + K[1, 2]
    return torch.stack([u, v], dim=1)
