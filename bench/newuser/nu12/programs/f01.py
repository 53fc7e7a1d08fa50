"""PPO-style rollout on a toy pendulum environment, with GAE advantages."""
import math

import numpy as np
import torch
from torch import nn


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


class ToyPendulum:
    """A tiny pendulum whose reward is the negative angle cost."""

    def __init__(self, seed=0):
        self.rng = np.random.default_rng(seed)
        self.theta = 0.0
        self.omega = 0.0

    def reset(self):
        self.theta = self.rng.uniform(-math.pi, math.pi)
        self.omega = 0.0
        return np.array([math.cos(self.theta), math.sin(self.theta), self.omega], dtype=np.float32)

    def step(self, torque):
        torque = float(np.clip(torque, -2.0, 2.0))
        self.omega += (-3.0 * math.sin(self.theta) + torque) * 0.05
        self.theta += self.omega * 0.05
        cost = self.theta ** 2 + 0.1 * self.omega ** 2 + 0.001 * torque ** 2
        obs = np.array([math.cos(self.theta), math.sin(self.theta), self.omega], dtype=np.float32)
        return obs, -cost, False


def compute_gae(rewards, values, gamma=0.99, lam=0.95):
    advantages = np.zeros_like(rewards)
    last = 0.0
    for t in reversed(range(len(rewards))):
        next_value = values[t + 1] if t + 1 < len(values) else 0.0
        delta = rewards[t] + gamma * next_value - values[t]
        last = delta + gamma * lam * last
        advantages[t] = last
    return advantages


def main():
    device = get_device()
    torch.manual_seed(0)
    policy = nn.Sequential(nn.Linear(3, 32), nn.Tanh(), nn.Linear(32, 1)).to(device)
    critic = nn.Sequential(nn.Linear(3, 32), nn.Tanh(), nn.Linear(32, 1)).to(device)
    opt = torch.optim.Adam(list(policy.parameters()) + list(critic.parameters()), lr=1e-3)
    env = ToyPendulum()

    for epoch in range(3):
        obs = env.reset()
        observations, rewards = [], []
        for _ in range(64):
            with torch.no_grad():
                action = policy(torch.as_tensor(obs, device=device)).item()
            observations.append(obs)
            obs, reward, _ = env.step(action + np.random.normal(0, 0.3))
            rewards.append(reward)
        obs_t = torch.as_tensor(np.stack(observations), device=device)
        with torch.no_grad():
            values = critic(obs_t).squeeze(-1).cpu().numpy()
        advantages = compute_gae(np.array(rewards), values)
        adv_t = torch.as_tensor(advantages, device=device)
        adv_t = (adv_t - adv_t.mean()) / (adv_t.std() + 1e-8)
        returns = adv_t + critic(obs_t).squeeze(-1).detach()
        loss = ((critic(obs_t).squeeze(-1) - returns) ** 2).mean() - (policy(obs_t).squeeze(-1) * adv_t).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch}: loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
