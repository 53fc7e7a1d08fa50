"""Align two noisy point clouds (Kabsch) after random rotations from SciPy."""
import numpy as np
import torch
from scipy.spatial.transform import Rotation


def best_device():
    if torch.cuda.is_available():
        return "cuda"
    if getattr(torch.backends, "mps", None) and torch.backends.mps.is_available():
        return "mps"
    return "cpu"


def kabsch(P, Q):
    """Rotation R minimizing ||R P - Q|| for centred (N, 3) clouds, batched over the first dim."""
    H = P.transpose(1, 2) @ Q
    U, S, Vt = torch.linalg.svd(H)
    d = torch.sign(torch.linalg.det(Vt.transpose(1, 2) @ U.transpose(1, 2)))
    D = torch.diag_embed(torch.stack([torch.ones_like(d), torch.ones_like(d), d], dim=1))
    return Vt.transpose(1, 2) @ D @ U.transpose(1, 2)


def main(n_pairs=64, n_points=200):
    device = best_device()
    points = np.random.default_rng(0).normal(size=(n_points, 3))
    cloud = torch.as_tensor(points, device=device)
    rots = Rotation.random(n_pairs, random_state=0).as_matrix()
    R_true = torch.from_numpy(rots).to(device, dtype=cloud.dtype)
    moved = cloud @ R_true.transpose(1, 2) + 0.01 * torch.randn(n_pairs, n_points, 3, device=device)
    P = cloud - cloud.mean(0)
    Q = moved - moved.mean(1, keepdim=True)
    R_est = kabsch(P.expand(n_pairs, -1, -1), Q)
    quats = Rotation.from_matrix(R_est.cpu().numpy()).as_quat()
    err = torch.linalg.matrix_norm(R_est - R_true).max()
    print("max rotation error", float(err), "first quaternion", np.round(quats[0], 3))


if __name__ == "__main__":
    main()
