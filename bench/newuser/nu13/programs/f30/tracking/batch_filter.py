import torch


class BatchKalmanFilter:
    """Runs one Kalman filter per track, all tracks at once on the accelerator."""

    def __init__(self, model, device):
        self.F = torch.as_tensor(model.F, device=device)
        self.H = torch.as_tensor(model.H, device=device)
        self.Q = torch.as_tensor(model.Q, device=device)
        self.R = torch.as_tensor(model.R, device=device)
        self.P0 = torch.as_tensor(model.initial_covariance(), device=device)
        self.device = device

    def run(self, measurements):
        z = measurements.to(self.device, self.F.dtype)
        n_tracks, steps, _ = z.shape
        x = torch.zeros(n_tracks, self.F.shape[0], device=self.device, dtype=self.F.dtype)
        P = self.P0.expand(n_tracks, -1, -1).clone()
        eye = torch.eye(self.F.shape[0], device=self.device, dtype=self.F.dtype)
        out = []
        for t in range(steps):
            x = x @ self.F.T
            P = self.F @ P @ self.F.T + self.Q
            S = self.H @ P @ self.H.T + self.R
            K = P @ self.H.T @ torch.linalg.inv(S)
            innov = z[:, t] - x @ self.H.T
            x = x + (K @ innov.unsqueeze(-1)).squeeze(-1)
            P = (eye - K @ self.H) @ P
            out.append(x)
        return torch.stack(out, dim=1)
