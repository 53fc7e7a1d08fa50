"""Resume a PPO-style agent from a checkpoint that carries observation-normalisation statistics."""
import os
import tempfile

import numpy as np
import torch
import torch.nn as nn


class RunningMeanStd:
    def __init__(self, shape):
        self.mean = np.zeros(shape)
        self.var = np.ones(shape)
        self.count = 1e-4

    def update(self, x):
        batch_mean, batch_var, n = x.mean(0), x.var(0), x.shape[0]
        delta = batch_mean - self.mean
        tot = self.count + n
        self.mean = self.mean + delta * n / tot
        self.var = (self.var * self.count + batch_var * n + delta ** 2 * self.count * n / tot) / tot
        self.count = tot


class Actor(nn.Module):
    def __init__(self, obs_dim=6, act_dim=2):
        super().__init__()
        self.mu = nn.Sequential(nn.Linear(obs_dim, 64), nn.Tanh(), nn.Linear(64, act_dim))

    def forward(self, obs):
        return self.mu(obs)


def save_checkpoint(path, actor, rms):
    torch.save({
        "actor": actor.state_dict(),
        "obs_mean": torch.from_numpy(rms.mean),
        "obs_var": torch.from_numpy(rms.var),
    }, path)


def load_for_eval(path, device):
    ckpt = torch.load(path, map_location="cpu")
    actor = Actor()
    actor.load_state_dict(ckpt["actor"])
    actor.to(device)
    mean = ckpt["obs_mean"].to(device, dtype=torch.float32)
    std = ckpt["obs_var"].sqrt().to(device, dtype=torch.float32)
    return actor, mean, std


def main():
    rng = np.random.default_rng(0)
    rms = RunningMeanStd(6)
    for _ in range(10):
        rms.update(rng.normal(2.0, 3.0, size=(32, 6)).astype(np.float32))
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "agent.pt")
        save_checkpoint(path, Actor(), rms)
        actor, mean, std = load_for_eval(path, device)
    obs = torch.randn(4, 6, device=device)
    action = actor(((obs - mean) / std).float())
    print(action.shape)


if __name__ == "__main__":
    main()
