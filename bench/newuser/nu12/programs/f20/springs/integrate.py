import numpy as np


def velocity_verlet(system, q, p, dt=0.005, steps=400, every=10):
    """Yields (q, p) stacked as one array every `every` steps."""
    f = system.forces(q)
    for step in range(steps):
        p = p + 0.5 * dt * f
        q = q + dt * p / system.mass
        f = system.forces(q)
        p = p + 0.5 * dt * f
        if step % every == 0:
            yield np.stack([q, p])
