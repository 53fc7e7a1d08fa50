import torch


def pendulum_samples(n, generator):
    q = (torch.rand(n, generator=generator) * 2 - 1) * 2.0
    p = (torch.rand(n, generator=generator) * 2 - 1) * 2.0
    state = torch.stack([q, p], dim=-1)
    derivative = torch.stack([p, -torch.sin(q)], dim=-1)
    return state, derivative
