"""Batched constant-velocity Kalman filter for multi-object tracking, run on the accelerator."""
import numpy as np
import torch


class KalmanTracker:
    def __init__(self, dt=0.1, q=1e-2, r=1e-1, device=None):
        if device is None:
            if torch.cuda.is_available():
                device = "cuda"
            elif torch.backends.mps.is_available():
                device = "mps"
            else:
                device = "cpu"
        self.device = torch.device(device)
        F = np.eye(4)
        F[0, 2] = F[1, 3] = dt
        self.F = F
        self.H = np.eye(2, 4)
        self.Q = q * np.eye(4)
        self.R = r * np.eye(2)
        self._mats = None

    def mats(self):
        if self._mats is None:
            self._mats = [torch.as_tensor(m, device=self.device) for m in (self.F, self.H, self.Q, self.R)]
        return self._mats

    def step(self, x, P, z):
        F, H, Q, R = (m.to(x.dtype) for m in self.mats())
        x = x @ F.T
        P = F @ P @ F.T + Q
        S = H @ P @ H.T + R
        K = P @ H.T @ torch.linalg.inv(S)
        innov = z - x @ H.T
        x = x + (K @ innov.unsqueeze(-1)).squeeze(-1)
        P = (torch.eye(4, device=x.device) - K @ H) @ P
        return x, P


def main():
    tracker = KalmanTracker()
    n = 5
    x = torch.zeros(n, 4, device=tracker.device)
    P = torch.eye(4, device=tracker.device).expand(n, 4, 4).clone()
    for t in range(2):
        z = torch.randn(n, 2, device=tracker.device) + t
        x, P = tracker.step(x, P, z)
    print("positions", x[:, :2].cpu().numpy().round(3).tolist())


if __name__ == "__main__":
    main()
