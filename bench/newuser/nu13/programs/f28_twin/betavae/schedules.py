import numpy as np


def cyclical_beta(n_steps, n_cycles=4, ratio=0.5, start=0.0, stop=1.0):
    """Fu et al. (2019) cyclical annealing: linear ramp for `ratio` of each cycle, then flat."""
    betas = np.full(n_steps, stop)
    period = n_steps / n_cycles
    ramp = np.linspace(start, stop, int(period * ratio))
    for c in range(n_cycles):
        begin = int(c * period)
        betas[begin:begin + len(ramp)] = ramp
    return betas
