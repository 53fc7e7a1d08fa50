"""A neural surrogate of the heat equation, checked against a float64 SciPy reference kept on the CPU."""
import json
from dataclasses import dataclass

import numpy as np
import torch
import torch.nn as nn
from scipy.integrate import solve_ivp


@dataclass
class Reference:
    x: np.ndarray
    u_final: np.ndarray

    @classmethod
    def solve(cls, n=32, t_end=0.05, alpha=1.0):
        x = np.linspace(0, 1, n)
        dx = x[1] - x[0]

        def rhs(t, u):
            du = np.zeros_like(u)
            du[1:-1] = alpha * (u[2:] - 2 * u[1:-1] + u[:-2]) / dx ** 2
            return du

        sol = solve_ivp(rhs, (0, t_end), np.sin(np.pi * x), method="BDF", rtol=1e-10, atol=1e-12)
        return cls(x=x, u_final=sol.y[:, -1])


def reference_error(pred, ref):
    """Max error against the float64 reference, measured on the CPU in float64."""
    with torch.device("cpu"):
        ref_t = torch.tensor(ref.u_final, dtype=torch.float64)
        return (pred.detach().cpu().double() - ref_t).abs().max().item()


def main():
    torch.manual_seed(0)
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    ref = Reference.solve()
    x = torch.from_numpy(ref.x).to(device, dtype=torch.float32).unsqueeze(1)
    target = torch.as_tensor(ref.u_final, device=device, dtype=torch.float32)
    net = nn.Sequential(nn.Linear(1, 32), nn.Tanh(), nn.Linear(32, 1)).to(device)
    opt = torch.optim.Adam(net.parameters(), lr=1e-2)
    for _ in range(200):
        loss = ((net(x).squeeze(1) - target) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    err = reference_error(net(x).squeeze(1), ref)
    print("RESULT " + json.dumps({"loss": loss.item(), "err": err, "ref_peak": float(ref.u_final.max())}))


if __name__ == "__main__":
    main()
