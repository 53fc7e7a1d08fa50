import torch

from .batch_filter import BatchKalmanFilter
from .motion import ConstantVelocity2D


def device_for_tracking():
    return torch.device("mps" if torch.backends.mps.is_available() else "cpu")


def main(n_tracks=16, steps=30):
    torch.manual_seed(0)
    t = torch.arange(steps, dtype=torch.float32)
    velocity = torch.randn(n_tracks, 1, 2)
    truth = velocity * t[None, :, None]
    measurements = truth + 0.3 * torch.randn_like(truth)
    kf = BatchKalmanFilter(ConstantVelocity2D(dt=1.0), device_for_tracking())
    estimates = kf.run(measurements)
    err = (estimates[..., :2].float().cpu() - truth).norm(dim=-1).mean()
    print(f"mean position error {err.item():.3f}")


if __name__ == "__main__":
    main()
