"""Generate Lotka-Volterra trajectories with SciPy and cache them as .npy files."""
import os

import numpy as np
from scipy.integrate import solve_ivp


def lotka_volterra(t, z, a=1.1, b=0.4, c=0.4, d=0.1):
    prey, pred = z
    return [a * prey - b * prey * pred, d * prey * pred - c * pred]


def generate(folder, n_traj=8, n_points=50, t_end=10.0, seed=0):
    rng = np.random.default_rng(seed)
    t_eval = np.linspace(0, t_end, n_points)
    trajs = []
    for _ in range(n_traj):
        z0 = rng.uniform(5, 15, size=2)
        sol = solve_ivp(lotka_volterra, (0, t_end), z0, t_eval=t_eval, rtol=1e-8)
        trajs.append(sol.y.T)
    np.save(os.path.join(folder, "trajectories.npy"), np.stack(trajs))
    np.save(os.path.join(folder, "times.npy"), t_eval)
