"""Fit a small network to a damped-pendulum trajectory simulated with SciPy."""
import json
from dataclasses import dataclass

import numpy as np
import torch
import torch.nn as nn
from scipy.integrate import solve_ivp


@dataclass
class Trajectory:
    t: np.ndarray
    y: np.ndarray

    @classmethod
    def simulate(cls, t_end=10.0, n=200, damping=0.2):
        def rhs(t, s):
            theta, omega = s
            return [omega, -damping * omega - 9.81 * np.sin(theta)]

        t_eval = np.linspace(0, t_end, n)
        sol = solve_ivp(rhs, (0, t_end), [1.0, 0.0], t_eval=t_eval, rtol=1e-8)
        return cls(t=sol.t, y=sol.y.T)

    def to_tensors(self, device):
        t = torch.as_tensor(self.t, device=device).unsqueeze(1)
        y = torch.as_tensor(self.y, device=device)
        return t, y


def main():
    torch.manual_seed(0)
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    traj = Trajectory.simulate()
    t, y = traj.to_tensors(device)
    net = nn.Sequential(nn.Linear(1, 32), nn.Tanh(), nn.Linear(32, 2)).to(device)
    opt = torch.optim.Adam(net.parameters(), lr=1e-2)
    for _ in range(100):
        loss = ((net(t.float() / 10) - y.float()) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("RESULT " + json.dumps({"loss": loss.item()}))


if __name__ == "__main__":
    main()
