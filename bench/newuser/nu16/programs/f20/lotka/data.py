import numpy as np
from scipy.integrate import solve_ivp


def lotka_volterra(t, z, alpha=1.1, beta=0.4, delta=0.1, gamma=0.4):
    prey, pred = z
    return [alpha * prey - beta * prey * pred, delta * prey * pred - gamma * pred]


def simulate(t_end=15.0, n_points=150, z0=(10.0, 5.0)):
    t_eval = np.linspace(0.0, t_end, n_points)
    sol = solve_ivp(lotka_volterra, (0.0, t_end), z0, t_eval=t_eval, rtol=1e-8, atol=1e-8)
    return sol.t, sol.y.T
