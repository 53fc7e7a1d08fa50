"""Ridge read-out for a reservoir computer: the normal equations are solved in float64 on the
CPU (they are badly conditioned), the solved weights go to the accelerator as float32."""
import numpy as np
import torch


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


class Reservoir:
    def __init__(self, n_in, n_res=200, spectral_radius=0.95, seed=0):
        gen = torch.Generator().manual_seed(seed)
        w = torch.randn(n_res, n_res, generator=gen)
        w *= spectral_radius / torch.linalg.eigvals(w).abs().max()
        self.w, self.w_in = w, torch.randn(n_res, n_in, generator=gen) * 0.5

    def to(self, device):
        self.w, self.w_in = self.w.to(device), self.w_in.to(device)
        return self

    def states(self, u):
        h = torch.zeros(self.w.shape[0], device=u.device)
        out = []
        for t in range(u.shape[0]):
            h = torch.tanh(self.w @ h + self.w_in @ u[t])
            out.append(h)
        return torch.stack(out)


def ridge_readout(states, targets, alpha=1e-6):
    s = states.detach().cpu().to(torch.float64)
    y = targets.detach().cpu().to(torch.float64)
    gram = s.T @ s + alpha * torch.eye(s.shape[1], dtype=torch.float64)
    w_out = torch.linalg.solve(gram, s.T @ y)
    return w_out.to(torch.float32)


if __name__ == "__main__":
    device = get_device()
    t = np.linspace(0, 40, 600)
    series = torch.from_numpy(np.sin(t) * np.cos(0.3 * t)).float()
    u, y = series[:-1, None].to(device), series[1:].to(device)
    res = Reservoir(1).to(device)
    states = res.states(u)
    w_out = ridge_readout(states[50:], y[50:]).to(device)
    pred = states @ w_out
    print("train nmse", ((pred[50:] - y[50:]) ** 2).mean().item() / y.var().item())
