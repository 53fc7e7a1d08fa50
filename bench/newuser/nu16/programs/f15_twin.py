"""DDPG-style exploration: actor actions plus Ornstein-Uhlenbeck noise in a 1-D tracking task."""
import numpy as np
import torch
from torch import nn


def make_ou_noise(dim, theta=0.15, sigma=0.2, dt=1e-2, seed=0):
    rng = np.random.default_rng(seed)
    state = np.zeros(dim)

    def sample():
        nonlocal state
        state = state + theta * (-state) * dt + sigma * np.sqrt(dt) * rng.standard_normal(dim)
        return state

    return sample


class Actor(nn.Module):
    def __init__(self, obs_dim=2, act_dim=1):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(obs_dim, 32), nn.ReLU(), nn.Linear(32, act_dim), nn.Tanh())

    def forward(self, obs):
        return self.net(obs)


def rollout(actor, noise, device, steps=50):
    target, pos = 0.7, 0.0
    total = 0.0
    for _ in range(steps):
        obs = torch.tensor([pos, target], device=device)
        with torch.no_grad():
            action = actor(obs[None])[0]
        action = (action + torch.from_numpy(noise()).float().to(action.device)).clamp(-1.0, 1.0)
        pos += 0.1 * float(action.cpu().numpy()[0])
        total += -abs(target - pos)
    return total


if __name__ == "__main__":
    use_accel = torch.backends.mps.is_available()
    device = torch.device("mps" if use_accel else "cpu")
    torch.manual_seed(0)
    actor = Actor().to(device)
    print("episode return", round(rollout(actor, make_ou_noise(1), device), 3))
