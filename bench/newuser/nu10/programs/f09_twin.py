"""Parameter sweep of a damped double spring-mass system, integrated with RK4 on the GPU."""
import numpy as np
import torch


class SpringSweep:
    def __init__(self, k1_values, k2=2.0, m=1.0, damping=0.05):
        self.device = torch.device("mps") if torch.backends.mps.is_available() else torch.device("cpu")
        self.k1 = torch.as_tensor(k1_values, dtype=torch.float32, device=self.device)
        self.k2, self.m, self.c = k2, m, damping

    def deriv(self, s):
        x1, v1, x2, v2 = s.unbind(-1)
        a1 = (-self.k1 * x1 + self.k2 * (x2 - x1) - self.c * v1) / self.m
        a2 = (-self.k2 * (x2 - x1) - self.c * v2) / self.m
        return torch.stack([v1, a1, v2, a2], dim=-1)

    def rk4(self, s, dt):
        k1 = self.deriv(s)
        k2 = self.deriv(s + 0.5 * dt * k1)
        k3 = self.deriv(s + 0.5 * dt * k2)
        k4 = self.deriv(s + dt * k3)
        return s + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)

    def run(self, initial, t_end=20.0, dt=0.01):
        state = torch.tensor(initial, device=self.device).repeat(len(self.k1), 1)
        energy = []
        for _ in range(int(t_end / dt)):
            state = self.rk4(state, dt)
            x1, v1, x2, v2 = state.unbind(-1)
            energy.append(0.5 * self.m * (v1**2 + v2**2) + 0.5 * self.k1 * x1**2 + 0.5 * self.k2 * (x2 - x1) ** 2)
        return torch.stack(energy, dim=1)


if __name__ == "__main__":
    x0 = np.array([1.0, 0.0, 0.5, 0.0], dtype=np.float32)
    sweep = SpringSweep(np.linspace(0.5, 5.0, 32))
    energy = sweep.run(x0)
    decay = (energy[:, -1] / energy[:, 0]).cpu().numpy()
    print("energy kept after 20 s, k1 = 0.5 .. 5:", np.round(decay[[0, 15, 31]], 3))
